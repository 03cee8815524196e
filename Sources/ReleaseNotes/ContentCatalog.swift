/// The demo app's `Content/`: release notes keyed by version, the onboarding pages and
/// the welcome-back text.
///
/// PLACEHOLDER: the release-notes work replaces this file.
public enum ReleaseNotesPlaceholder {}
