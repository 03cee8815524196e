#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  /// A state directory opened by ``openStateDirectory(_:create:)``, or why it was not.
  package enum StateDirectory {
    /// The checked directory, open (`O_DIRECTORY`): the files in it are opened relative to
    /// this descriptor (`openat`), so what was checked is what is written. The caller closes it.
    case opened(Int32)
    /// Nothing there (only when not creating).
    case missing
    /// It cannot be used: cannot be created, is not a directory. Said as a whole sentence.
    case unusable(String)
    /// Someone else could change what it holds or where it leads: said as the rest of a
    /// sentence after the path (`belongs to uid 1000, …`, `is in PARENT, which …`, `is reached
    /// through LINK, …`), with its fix.
    case foreign(String)
  }

  /// Opens the state directory `path`, checked as OpenSSH's StrictModes checks `~/.ssh`,
  /// walking from `/` one component at a time, each opened relative to the one before it
  /// (`openat`, `O_NOFOLLOW`), so nothing can be swapped between the check and the use:
  ///
  /// - a symbolic link on the way must belong to the user (the effective uid) or to root; it
  ///   is then followed, and its target walked the same way (as the kernel would, at most 40);
  /// - each directory above the state directory must be one that only the user or root can
  ///   change (``parentProblem(_:_:)``: the sticky bit of `/tmp` is enough);
  /// - the state directory itself must belong to the user and be writable by no one else
  ///   (a sticky bit excuses nothing there: others could create the names the state uses).
  ///
  /// With `create`, a missing directory is made (mode ``directoryMode``) once its parent
  /// passed. Users and groups are compared by number; the user's groups are looked up only
  /// for a directory its group can write to (a user private group may).
  package static func openStateDirectory(_ path: String, create: Bool) -> StateDirectory {
    var absolute = path
    if !path.hasPrefix("/") {
      guard let cwd = getcwd(nil, 0) else { return .unusable("cannot find the working directory") }
      absolute = String(cString: cwd) + "/" + path
      free(cwd)
    }
    var walk = DirectoryWalk(remaining: DirectoryWalk.components(absolute))
    return walk.run(create: create)
  }

  /// Opens the directory `path` that holds a system-wide file (the administrator's policy),
  /// checked as ``openStateDirectory(_:create:)`` checks the directories above a state
  /// directory, itself included: it and each directory above it must belong to the user or to
  /// root and be writable by no one else (``parentProblem(_:_:)``). Never creates anything.
  package static func openSystemDirectory(_ path: String) -> StateDirectory {
    guard path.hasPrefix("/") else { return .unusable("\(path) is not an absolute path") }
    var walk = DirectoryWalk(remaining: DirectoryWalk.components(path), lastMayBelongToRoot: true)
    return walk.run(create: false)
  }

  /// Why the state directory `path` is not one to keep this user's state in, with its fix, or
  /// nil (also when it is missing or no directory): ``openStateDirectory(_:create:)``'s check.
  package static func foreignDirectoryProblem(_ path: String) -> String? {
    switch openStateDirectory(path, create: false) {
    case .opened(let fd):
      close(fd)
      return nil
    case .foreign(let problem): return problem
    case .missing, .unusable: return nil
    }
  }

  /// Why the state directory itself, of `info`, is not the user's alone, or nil.
  static func ownDirectoryProblem(_ info: stat, _ quoted: String) -> String? {
    let user = geteuid()
    if info.st_uid != user {
      return "belongs to uid \(info.st_uid), not to this user (uid \(user)); use a directory of your own, "
        + "or give it to this user: chown \(user) \(quoted)"
    }
    return writableProblem(info, quoted)
  }

  /// Why a directory above a state directory, of `info`, lets someone else move the state
  /// directory away, or nil. It must belong to the user or to root (the system's directories,
  /// as `/` and `/home`), and be writable by no one else, unless it has the sticky bit (as
  /// `/tmp`: others cannot move what is not theirs) or the group that can write is the user's
  /// own (a user private group, whose only member is the user: a umask of 002 makes such
  /// directories, `~/.local` say).
  static func parentProblem(_ info: stat, _ quoted: String) -> String? {
    let user = geteuid()
    if info.st_uid != user && info.st_uid != 0 {
      return "belongs to uid \(info.st_uid), not to this user (uid \(user)) or root; use a directory of your "
        + "own, or give it to this user: chown \(user) \(quoted)"
    }
    if info.st_mode & S_ISVTX != 0 { return nil }
    guard let problem = writableProblem(info, quoted) else { return nil }
    // Only here, for a directory its group can write to, are the user's groups looked up.
    if info.st_mode & S_IWOTH == 0, isUsersOwnGroup(info.st_gid) { return nil }
    return problem
  }

  /// `is writable by its group (mode 770); make it private: chmod 700 DIR`, or nil when
  /// only its owner can write to it.
  private static func writableProblem(_ info: stat, _ quoted: String) -> String? {
    let writable = info.st_mode & (S_IWGRP | S_IWOTH)
    guard writable != 0 else { return nil }
    let who = writable == S_IWGRP ? "its group" : writable == S_IWOTH ? "others" : "its group and others"
    return "is writable by \(who) (mode \(String(info.st_mode & 0o7777, radix: 8))); make it private: "
      + "chmod 700 \(quoted)"
  }

  /// Whether `group` is the user's private group: the user's primary group, named as the
  /// user is, with no other member listed.
  private static func isUsersOwnGroup(_ group: gid_t) -> Bool {
    guard group == getegid(), let account = getpwuid(geteuid()), let entry = getgrgid(group),
      let members = entry.pointee.gr_mem
    else { return false }
    return members.pointee == nil
      && String(cString: entry.pointee.gr_name) == String(cString: account.pointee.pw_name)
  }
}

/// The walk of ``Platform/openStateDirectory(_:create:)``: the components still to walk (the
/// next one last), the directory reached so far, open, and its path as walked.
private struct DirectoryWalk {
  var remaining: [String]
  var walked = ""
  var links = 0
  /// Whether the last directory is checked as those above it are (a system directory), rather
  /// than as a state directory, which must be the user's own.
  var lastMayBelongToRoot = false

  mutating func run(create: Bool) -> Platform.StateDirectory {
    var fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return .unusable("cannot open /: \(Platform.errnoMessage())") }
    if let problem = check(fd, name: "/", isLast: remaining.isEmpty) {
      close(fd)
      return problem
    }
    while let name = remaining.popLast() {
      switch step(fd, name, create: create) {
      case .directory(let next):
        close(fd)
        fd = next
        if name == ".." {
          walked = walked.lastIndex(of: "/").map { String(walked[..<$0]) } ?? ""
        } else {
          walked += "/" + name
        }
        if let problem = check(fd, name: walked.isEmpty ? "/" : walked, isLast: remaining.isEmpty) {
          close(fd)
          return problem
        }
      case .link(let target):
        if target.hasPrefix("/") {
          close(fd)
          fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
          walked = ""
          guard fd >= 0 else { return .unusable("cannot open /: \(Platform.errnoMessage())") }
        }
        remaining += Self.components(target)
      case .stop(let outcome):
        close(fd)
        return outcome
      }
    }
    return .opened(fd)
  }

  /// The components of `path` to walk, the first last (as ``remaining`` holds them); `.` and
  /// empty ones are left out.
  static func components(_ path: String) -> [String] {
    path.split(separator: "/").filter { $0 != "." }.reversed().map(String.init)
  }

  /// What one component of the walk is.
  enum Step {
    case directory(Int32)
    case link(String)
    case stop(Platform.StateDirectory)
  }

  /// Opens `name` in `fd` as a directory without following a link, creating it when missing
  /// and `create`; a link is checked and read instead.
  mutating func step(_ fd: Int32, _ name: String, create: Bool) -> Step {
    let path = walked + "/" + name
    var next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if next < 0 && errno == ENOENT && create {
      if mkdirat(fd, name, Platform.directoryMode) != 0 && errno != EEXIST {
        return .stop(.unusable("cannot create \(path): \(Platform.errnoMessage())"))
      }
      next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    if next >= 0 { return .directory(next) }
    let code = errno
    if code == ENOENT { return create ? .stop(.unusable("cannot create \(path)")) : .stop(.missing) }
    var info = stat()
    guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK else {
      if code == ENOTDIR || code == ELOOP { return .stop(.unusable("\(path) is not a directory")) }
      return .stop(.unusable("cannot open \(path): \(Platform.errnoMessage(code))"))
    }
    let user = geteuid()
    if info.st_uid != user && info.st_uid != 0 {
      return .stop(
        .foreign(
          "is reached through \(path), a symbolic link that belongs to uid \(info.st_uid), not to this "
            + "user (uid \(user)) or root; use a directory of your own, or remove the link: rm "
            + Platform.shellQuoted(path)))
    }
    links += 1
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlinkat(fd, name, &buffer, buffer.count)
    guard links <= 40, count > 0, count < buffer.count else {
      return .stop(.unusable("cannot follow the symbolic link \(path)"))
    }
    return .link(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// The outcome that stops the walk at the directory `fd`, named `name`, or nil when it may be
  /// walked through (a parent) or used (`isLast`, the state directory).
  func check(_ fd: Int32, name: String, isLast: Bool) -> Platform.StateDirectory? {
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      return .unusable("cannot examine \(name): \(Platform.errnoMessage())")
    }
    let quoted = Platform.shellQuoted(name)
    if isLast && !lastMayBelongToRoot {
      return Platform.ownDirectoryProblem(info, quoted).map { .foreign($0) }
    }
    return Platform.parentProblem(info, quoted).map { .foreign("is in \(name), which \($0)") }
  }
}
