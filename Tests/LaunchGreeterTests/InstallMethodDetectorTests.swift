import LaunchTracking
import Testing

@testable import LaunchGreeter

/// A file system of paths: files (with their text), directories and symbolic links.
struct FakeTree: InstallFileSystem {
  var files: [String: String] = [:]
  var links: [String: String] = [:]
  /// Owner and mode of a directory; any other belongs to the user (uid 1000), mode 755.
  var owners: [String: (uid: UInt32, mode: UInt32)] = [:]

  func isTrusted(_ directory: String) -> Bool {
    let (uid, mode) = owners[directory] ?? (1000, 0o755)
    return InstallMethodDetector.trusts(owner: uid, mode: mode, user: 1000)
  }

  func resolved(_ path: String) -> String? {
    var path = path
    for _ in 0..<8 {
      if let target = links[path] {
        path = target
        continue
      }
      if let (link, target) = links.first(where: { path.hasPrefix($0.key + "/") }) {
        path = target + path.dropFirst(link.count)
        continue
      }
      break
    }
    return exists(path) ? path : nil
  }

  func exists(_ path: String) -> Bool {
    files[path] != nil || files.keys.contains { $0.hasPrefix(path + "/") }
  }

  func names(in directory: String) -> [String]? {
    let prefix = directory + "/"
    let names = files.keys.filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count).prefix { $0 != "/" })
    }
    return names.isEmpty ? nil : Array(Set(names))
  }

  func contents(of path: String, limit: Int) -> [UInt8]? {
    files[path].map { Array($0.utf8.prefix(limit)) }
  }
}

/// `InstallMethodDetector` over fake trees: the upgrade command is picked from where the
/// executable lives, reading paths only (issue 35, must-show 4).
@Suite struct InstallMethodDetectorTests {
  let home = ["HOME": "/home/ann"]

  func detect(_ path: String, in tree: FakeTree, environment: [String: String]? = nil, dpkg: String? = nil)
    -> InstallMethodDetector.Detection
  {
    var detector = InstallMethodDetector(fileSystem: tree, environment: environment ?? home)
    if let dpkg { detector.dpkgInfo = dpkg }
    return detector.detect(executable: path)
  }

  @Test func homebrewOnAppleSiliconAndLinuxAndInTheIntelCellar() {
    let tree = FakeTree(
      files: [
        "/opt/homebrew/Cellar/tally/2.0.0/bin/tally": "",
        "/usr/local/Cellar/tally/2.0.0/bin/tally": "",
        "/home/linuxbrew/.linuxbrew/Cellar/tally/2.0.0/bin/tally": "",
        "/srv/brew/Cellar/tally/2.0.0/bin/tally": "",
      ],
      links: [
        "/opt/homebrew/bin/tally": "/opt/homebrew/Cellar/tally/2.0.0/bin/tally",
        "/usr/local/bin/tally": "/usr/local/Cellar/tally/2.0.0/bin/tally",
      ])
    #expect(detect("/opt/homebrew/bin/tally", in: tree).method == .brew)
    #expect(detect("/usr/local/bin/tally", in: tree).method == .brew)
    #expect(detect("/home/linuxbrew/.linuxbrew/Cellar/tally/2.0.0/bin/tally", in: tree).method == .brew)
    let custom = detect("/srv/brew/bin/tally", in: tree, environment: ["HOMEBREW_PREFIX": "/srv/brew"])
    #expect(
      custom == .init(method: .brew, reason: "/srv/brew/bin/tally is under $HOMEBREW_PREFIX (/srv/brew)"))
  }

  /// A `pyvenv.cfg` (or `site-packages`) counts only in a directory that only the user or root
  /// can change: planted in a world-writable directory (`/tmp`, sticky or not), a group-writable
  /// one or another user's, it is not believed; in the user's own or root's, it is.
  @Test func aMarkerInADirectoryOthersCanChangeIsIgnored() {
    let executable = "/tmp/shared/bin/tally"
    let planted: [(String, (uid: UInt32, mode: UInt32))] = [
      ("world-writable", (0, 0o777)), ("sticky /tmp", (0, 0o1777)), ("group-writable", (1000, 0o775)),
      ("another user's", (1001, 0o755)),
    ]
    for (label, owner) in planted {
      let venv = FakeTree(files: ["/tmp/pyvenv.cfg": "", executable: ""], owners: ["/tmp": owner])
      #expect(detect(executable, in: venv).method == nil, "\(label)")
      let site = FakeTree(
        files: ["/tmp/shared/lib/python3.12/site-packages/x": "", executable: ""],
        owners: ["/tmp/shared": owner])
      #expect(detect(executable, in: site).method == nil, "\(label) site-packages")
    }
    let trusted: [(uid: UInt32, mode: UInt32)] = [(0, 0o755), (1000, 0o700)]
    for owner in trusted {
      let venv = FakeTree(files: ["/tmp/pyvenv.cfg": "", executable: ""], owners: ["/tmp": owner])
      #expect(detect(executable, in: venv).method == .pip)
    }
  }

  @Test func aPlainUsrLocalBinIsNotHomebrew() {
    let tree = FakeTree(files: ["/usr/local/bin/tally": ""])
    #expect(detect("/usr/local/bin/tally", in: tree).method == nil)
  }

  @Test func pipxInItsDefaultHomesAndInPIPXHOME() {
    let tree = FakeTree(
      files: [
        "/home/ann/.local/pipx/venvs/tally/bin/tally": "", "/home/ann/.local/pipx/venvs/tally/pyvenv.cfg": "",
        "/home/ann/.local/share/pipx/venvs/tally/bin/tally": "",
        "/data/pipx/venvs/tally/bin/tally": "",
      ],
      links: ["/home/ann/.local/bin/tally": "/home/ann/.local/pipx/venvs/tally/bin/tally"])
    #expect(detect("/home/ann/.local/bin/tally", in: tree).method == .pipx)
    #expect(detect("/home/ann/.local/share/pipx/venvs/tally/bin/tally", in: tree).method == .pipx)
    #expect(
      detect("/data/pipx/venvs/tally/bin/tally", in: tree, environment: ["PIPX_HOME": "/data/pipx"]).method
        == .pipx)
  }

  @Test func pipInAVirtualEnvironmentOrBesideSitePackages() {
    let tree = FakeTree(files: [
      "/work/app/.venv/pyvenv.cfg": "home = /usr/bin\n", "/work/app/.venv/bin/tally": "",
      "/home/ann/.local/bin/tally": "", "/home/ann/.local/lib/python3.12/site-packages/tally/__init__.py": "",
    ])
    #expect(
      detect("/work/app/.venv/bin/tally", in: tree)
        == .init(method: .pip, reason: "/work/app/.venv/pyvenv.cfg is above /work/app/.venv/bin/tally"))
    #expect(
      detect("/home/ann/.local/bin/tally", in: tree)
        == .init(
          method: .pip, reason: "/home/ann/.local/lib/python3.12/site-packages is beside /home/ann/.local/bin"
        ))
  }

  @Test func aPathDpkgListsForAPackageIsApt() {
    let tree = FakeTree(files: [
      "/usr/bin/tally": "",
      "/usr/bin/other": "",
      "/fake/dpkg/info/tally:amd64.list": "/.\n/usr\n/usr/bin\n/usr/bin/tally\n",
      "/fake/dpkg/info/tally:amd64.md5sums": "",
      "/fake/dpkg/info/coreutils.list": "/usr/bin/other\n",
    ])
    #expect(
      detect("/usr/bin/tally", in: tree, dpkg: "/fake/dpkg/info")
        == .init(method: .apt, reason: "dpkg lists /usr/bin/tally in package tally"))
    // Only the packages whose name holds the executable's name are read.
    #expect(detect("/usr/bin/other", in: tree, dpkg: "/fake/dpkg/info").method == nil)
    // Without the dpkg tree nothing is known.
    #expect(detect("/usr/bin/tally", in: tree, dpkg: "/nowhere").method == nil)
  }

  @Test func dpkgReadsAtMostItsLimitOfFiles() {
    var files = ["/usr/bin/tally": ""]
    for n in 0..<40 { files["/d/tally-plugin-\(n < 10 ? "0" : "")\(n).list"] = "/usr/share/doc\n" }
    files["/d/zz-tally.list"] = "/usr/bin/tally\n"  // sorted after the first 16
    #expect(detect("/usr/bin/tally", in: FakeTree(files: files), dpkg: "/d").method == nil)
    // The package named as the executable is read first, however many others hold the name.
    files["/d/tally:arm64.list"] = "/usr/bin/tally\n"
    #expect(detect("/usr/bin/tally", in: FakeTree(files: files), dpkg: "/d").method == .apt)
  }

  @Test func aGlobalNodeModulesIsNpm() {
    let tree = FakeTree(
      files: ["/usr/local/lib/node_modules/tally/bin/tally.js": ""],
      links: ["/usr/local/bin/tally": "/usr/local/lib/node_modules/tally/bin/tally.js"])
    #expect(detect("/usr/local/bin/tally", in: tree).method == .npm)
    let nvm = FakeTree(files: ["/home/ann/.nvm/versions/node/v22.1.0/lib/node_modules/tally/cli.js": ""])
    #expect(
      detect("/home/ann/.nvm/versions/node/v22.1.0/lib/node_modules/tally/cli.js", in: nvm).method == .npm)
    // A project's own node_modules is not an install of the tool.
    let local = FakeTree(files: ["/work/app/node_modules/.bin/tally": ""])
    #expect(detect("/work/app/node_modules/.bin/tally", in: local).method == nil)
  }
}
