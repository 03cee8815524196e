/// A changelog written for the tests, in the shapes real changelogs take: Keep a Changelog
/// headings that are reference links (`## [1.4.0] - date`) with their definitions at the end,
/// `---` between releases, an HTML comment, five-hash section headings, items ending in a hard
/// break (two trailing spaces) before an author and a pull-request link, shortcut reference
/// links to people, long code spans, nested lists and a fenced block. It stands in for the
/// corpus changelogs in the golden files; those are only read from ../shared at run time.
enum ChangelogShapes {
  static let source = """
    # Changelog

    <!--
    New entries go under Unreleased, newest first.
    -->

    Every release of Lantern, the pocket log viewer, is listed here. The format follows
    [Keep a Changelog](https://keepachangelog.com/en/1.1.0/) and the version numbers follow
    [Semantic Versioning](https://semver.org/spec/v2.0.0.html).

    ## [Unreleased]

    ---

    ## [1.4.0] - 2026-04-18

    ### Added

    - `lantern tail --follow` keeps reading a file that is rotated underneath it, picking up
      the new file by name. ([#212])
    - Filters accept a time window: `--since 10m`, `--until "2026-04-01 12:00"`. ([#215])
    - A `--format` option with the values `plain`, `json` and `logfmt`; the default stays `plain`,
      so scripts written for 1.3 keep working. ([#220])

    ### Fixed

    - Lines longer than the read buffer (64 KiB) were split in two; they are now joined before
      filtering. ([#218])
    - `Ctrl-C` during a search left the cursor hidden. ([#219])

    The 1.4.0 release has work from [amara-o], [jdelacroix] and [wen-li]. Thank you!

    ---

    ## [1.3.1] - 2026-02-02

    ### Fixed

    - Reading from standard input no longer waits for end-of-file before showing the first
      screen of lines: `journalctl -f | lantern` shows them as they arrive. ([#207])

    ## [1.3.0] - 2026-01-10

    ### Changed

    - The colour of a level comes from the theme file rather than being fixed in the code.
      Themes written for 1.2 need one new key:

      ```toml
      [levels]
      warning = "yellow"
      ```

    - Highlighting nests: a match inside a highlighted field keeps both styles.
      - Bold and underline combine.
      - Colours do not: the inner match wins.

    ### Removed

    - The `--no-color` flag, replaced by the `NO_COLOR` variable years ago.

    ## 0.9.2

    ##### Breaking

    * None.

    ##### Enhancements

    * Start-up reads the configuration once instead of once per open file, which matters
      with a few hundred files in a directory.  
      [Wen Li](https://example.com/wen-li)
      [#150](https://example.com/lantern/pull/150)

    * Builds with the static Linux SDK.
      [Amara Okafor](https://example.com/amara-o)

    ##### Bug Fixes

    * A file that shrinks while it is open is read again from the start
      instead of from a position past its end.  
      [J. Delacroix](https://example.com/jdelacroix)
      [#148](https://example.com/lantern/pull/148)

    [Unreleased]: https://example.com/lantern/compare/1.4.0...HEAD
    [1.4.0]: https://example.com/lantern/compare/1.3.1...1.4.0
    [1.3.1]: https://example.com/lantern/compare/1.3.0...1.3.1
    [1.3.0]: https://example.com/lantern/compare/0.9.2...1.3.0
    [#207]: https://example.com/lantern/pull/207
    [#212]: https://example.com/lantern/pull/212
    [#215]: https://example.com/lantern/pull/215
    [#218]: https://example.com/lantern/pull/218
    [#219]: https://example.com/lantern/pull/219
    [#220]: https://example.com/lantern/pull/220
    [amara-o]: https://example.com/amara-o
    [jdelacroix]: https://example.com/jdelacroix
    [wen-li]: https://example.com/wen-li
    """
}
