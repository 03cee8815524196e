import LaunchTracking
import MarkdownSyntax
import ReleaseNotes

extension ChangelogImporter {
  /// A file the import wrote.
  package struct WrittenFile: Sendable, Equatable {
    package var path: String
    package var section: Section
    /// True when it replaced an existing file (only with `force`).
    package var replaced: Bool
  }

  /// Writes one file per section into `directory` (created when missing).
  ///
  /// Without `force`, nothing is written when any version already has a file there (under
  /// any spelling: `1.2.md` holds 1.2.0). With `force`, such files are overwritten in place.
  package func write(into directory: String, force: Bool) throws(ChangelogImportError) -> [WrittenFile] {
    switch FileSystem.kind(directory) {
    case .directory: break
    case .missing:
      do { try FileSystem.makeDirectory(directory) } catch {
        throw .cannotWrite(path: directory, reason: error.message)
      }
    case .file, .other: throw .notADirectory(path: directory)
    }
    let catalog: ReleaseNotesCatalog
    do { catalog = try ReleaseNotesCatalog(directory: directory) } catch {
      throw .cannotWrite(path: directory, reason: error.description)
    }
    let existingFiles: [AppVersion: ReleaseNotesCatalog.Entry]
    do {
      existingFiles = Dictionary(
        try catalog.index().entries.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
    } catch {
      throw .cannotWrite(path: directory, reason: error.description)
    }
    var plan: [(path: String, section: Section, replaced: Bool)] = []
    for section in sections {
      if let existing = existingFiles[section.version] {
        guard force else {
          throw .exists(path: catalog.path(of: existing.fileName), version: section.version.canonical)
        }
        plan.append((catalog.path(of: existing.fileName), section, true))
      } else {
        plan.append((catalog.path(of: section.fileName), section, false))
      }
    }
    var written: [WrittenFile] = []
    for item in plan {
      do {
        try FileSystem.writeFile(Array(item.section.fileText.utf8), to: item.path, overwrite: force)
      } catch {
        throw .cannotWrite(path: item.path, reason: error.message)
      }
      written.append(WrittenFile(path: item.path, section: item.section, replaced: item.replaced))
    }
    return written
  }
}
