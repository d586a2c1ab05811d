import Foundation

/// Files written for other applications (the file a file manager asks for when an image
/// that is data, not a file, is dropped on it), and files received from them.
///
/// A file manager copies such a file after it has told the source the drop is finished, so
/// a file outlives its drag. Each lives in a folder of its own (so names never collide),
/// under one folder per process, and goes ``keepsFilesFor`` after its drag has ended, when
/// the process exits, or, left by a process that died, when another process of ours
/// writes its first file.
@MainActor
final package class PeerFiles {
  /// The files of this process.
  static package let shared = PeerFiles(
    root: PeerFiles.rootOfThisProcess,
    removeLater: { delay, body in DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: body) })

  /// How long a file stays after its drag has ended: time for a file manager to copy it.
  static package let keepsFilesFor: TimeInterval = 60

  /// The folder prefix; the process identifier follows it.
  nonisolated static package let prefix = "dragdrop-peer-files-"

  nonisolated static package let rootOfThisProcess = FileManager.default.temporaryDirectory.appending(
    path: "\(prefix)\(getpid())")

  package let root: URL
  private let removeLater: (TimeInterval, @escaping @Sendable () -> Void) -> Void
  private var started = false

  /// - Parameters:
  ///   - root: the folder this process writes in.
  ///   - removeLater: runs its closure after the delay (tests run it when they choose).
  package init(root: URL, removeLater: @escaping (TimeInterval, @escaping @Sendable () -> Void) -> Void) {
    self.root = root
    self.removeLater = removeLater
  }

  /// Writes `data` as a file named `name` in a new folder, and returns its URL.
  package func write(_ data: Data, named name: String) throws -> URL {
    let file = try makeFolder().appending(path: name)
    try data.write(to: file)
    return file
  }

  /// A new, empty folder: for a file written for a peer, or for what a peer sends.
  package func makeFolder() throws -> URL {
    if !started {
      started = true
      Self.removeOrphans(in: root.deletingLastPathComponent())
      if root == Self.rootOfThisProcess {
        atexit { try? FileManager.default.removeItem(at: PeerFiles.rootOfThisProcess) }
      }
    }
    let folder = root.appending(path: UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The drag that wrote `files` has ended: they go ``keepsFilesFor`` from now.
  package func release(_ files: [URL]) {
    guard !files.isEmpty else { return }
    let folders = files.map { $0.deletingLastPathComponent() }
    removeLater(Self.keepsFilesFor) {
      for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }
  }

  /// Removes the folders in `directory` of processes of ours that are no longer running.
  nonisolated static package func removeOrphans(in directory: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 else { continue }
      // Signal 0 asks only whether the process exists.
      if kill(pid, 0) != 0 && errno == ESRCH {
        try? FileManager.default.removeItem(at: directory.appending(path: name))
      }
    }
  }
}
