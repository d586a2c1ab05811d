import Foundation

/// Records what windows show as an animated GIF: a thread takes a screenshot every
/// `interval` seconds, each clip (one window's part) is encoded by ImageMagick in the
/// background as soon as it ends, and ``finish(into:)`` joins the clips into one GIF.
/// Encoding short clips keeps ImageMagick within its default memory limits.
public final class FrameRecorder: @unchecked Sendable {
  public let folder: URL
  public let interval: TimeInterval
  /// Every frame is scaled to fit this size and centred on the scenes' background.
  public let canvas: (width: Int, height: Int)
  private let capture: ScreenCapture
  private let convert: URL
  private let encoder = DispatchQueue(label: "FrameRecorder.encoder")
  private let lock = NSLock()
  private var window: String?
  private var clip: URL?
  private var frameIndex = 0
  private var stopped = false
  private var clips: [URL] = []
  private var failures: [String] = []
  private var framesWritten = 0
  private var thread: Thread?

  public init(
    folder: URL, display: String, interval: TimeInterval = 0.15, canvas: (width: Int, height: Int) = (600, 414)
  ) throws(DriverError) {
    guard let convert = LineProcess.which("convert") else { throw .missingTool("convert", package: "imagemagick") }
    self.folder = folder
    self.interval = interval
    self.canvas = canvas
    self.convert = convert
    capture = try ScreenCapture(display: display)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// How many frames have been taken.
  public var frameCount: Int { lock.withLock { framesWritten } }

  /// Starts a clip of `window`.
  public func startClip(window id: String) {
    let clipFolder = lock.withLock { () -> URL in
      let url = folder.appendingPathComponent(String(format: "clip-%03d", clips.count))
      clips.append(url)
      return url
    }
    try? FileManager.default.createDirectory(at: clipFolder, withIntermediateDirectories: true)
    lock.withLock {
      frameIndex = 0
      clip = clipFolder
      window = id
    }
    guard thread == nil else { return }
    let thread = Thread { [self] in run() }
    self.thread = thread
    thread.start()
  }

  /// Ends the clip under way and encodes it in the background.
  public func endClip() {
    let ended = lock.withLock { () -> (URL, Int)? in
      defer {
        window = nil
        clip = nil
      }
      return clip.map { ($0, frameIndex) }
    }
    // Wait out a screenshot that may be in flight into the clip's folder.
    Thread.sleep(forTimeInterval: 0.05)
    guard let (folder, count) = ended, count > 0 else { return }
    encoder.async { [self] in encode(folder, frames: count) }
  }

  private func run() {
    while true {
      let (id, folder, index, done) = lock.withLock { (window, clip, frameIndex, stopped) }
      if done { return }
      let start = Date()
      if let id, let folder {
        let url = folder.appendingPathComponent(String(format: "frame-%05d.png", index))
        if (try? capture.capture(window: id, to: url)) != nil {
          lock.withLock {
            if clip == folder { frameIndex += 1 }
            framesWritten += 1
          }
        }
      }
      let left = interval - Date().timeIntervalSince(start)
      if left > 0 { Thread.sleep(forTimeInterval: left) }
    }
  }

  /// Encodes one clip's frames as `<clip>.gif`, reading each frame already scaled.
  private func encode(_ clip: URL, frames count: Int) {
    let frames = (0..<count).map { clip.appendingPathComponent(String(format: "frame-%05d.png", $0)).path }
    let size = "\(canvas.width)x\(canvas.height)"
    do {
      try LineProcess.run(
        convert,
        ["-delay", "\(Int((interval * 100).rounded()))", "-loop", "0"] + frames.map { "\($0)[\(size)]" } + [
          "-background", "#f2f2f7", "-gravity", "center", "-extent", size, "-layers", "Optimize",
          clip.appendingPathExtension("gif").path,
        ])
      try? FileManager.default.removeItem(at: clip)
    } catch {
      lock.withLock { failures.append("\(clip.lastPathComponent): \(error)") }
    }
  }

  /// Stops recording, waits for the clips to be encoded, and joins them into `output`,
  /// looping. Returns the problems met on the way (empty when all went well).
  @discardableResult
  public func finish(into output: URL) -> [String] {
    lock.withLock { stopped = true }
    while thread?.isFinished == false { Thread.sleep(forTimeInterval: 0.01) }
    encoder.sync {}
    let gifs = lock.withLock { clips }.map { $0.appendingPathExtension("gif") }.filter {
      FileManager.default.fileExists(atPath: $0.path)
    }
    do {
      try GIF.concatenate(gifs, into: output)
      for gif in gifs { try? FileManager.default.removeItem(at: gif) }
      try? FileManager.default.removeItem(at: folder)
    } catch {
      lock.withLock { failures.append("joining the clips: \(error)") }
    }
    return lock.withLock { failures }
  }
}
