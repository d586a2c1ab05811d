import Foundation

/// Real-display tests take turns: each holds an exclusive lock on the display while it
/// drives the pointer or measures a window, so that tests running in parallel (in this
/// process or another) never move the same pointer at once.
public enum DisplayLock {
  /// Runs `body` while holding the lock of the display named by DISPLAY.
  public static func withExclusiveDisplay<T>(_ body: () throws -> T) rethrows -> T {
    let display = (ProcessInfo.processInfo.environment["DISPLAY"] ?? "none").replacingOccurrences(of: "/", with: "_")
    let descriptor = open(NSTemporaryDirectory() + "dragdrop-display\(display).lock", O_CREAT | O_RDWR, 0o666)
    if descriptor >= 0 { flock(descriptor, LOCK_EX) }
    defer {
      if descriptor >= 0 {
        flock(descriptor, LOCK_UN)
        close(descriptor)
      }
    }
    return try body()
  }
}
