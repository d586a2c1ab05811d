import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Waiting for what another process does to a folder, such as a file manager's copy: the
/// folder's inotify events wake the wait, which checks its condition again each time. Nothing
/// sleeps; the wait ends when the condition holds or the deadline passes.
enum FileEvents {
  /// Waits until `condition` holds, checking it again whenever something in `directory` is
  /// created, written, moved or deleted, for at most `timeout` seconds. A directory that does
  /// not exist yet is not watched: the condition is checked once.
  static func waitUntil(watching directory: URL, timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return condition() }
    defer { close(descriptor) }
    let events = UInt32(
      IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_ATTRIB)
    // Watching starts before the first check, so that nothing happens unseen in between.
    guard inotify_add_watch(descriptor, directory.path, events) >= 0 else { return condition() }
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while !condition() {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return false }
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, Int32((remaining * 1000).rounded(.up))) > 0 else { return condition() }
      // Whatever happened, the condition is checked again; the events themselves are drained.
      while read(descriptor, &buffer, buffer.count) > 0 {}
    }
    return true
  }
}
