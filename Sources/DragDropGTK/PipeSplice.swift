internal import CGTK
internal import CPipes
@_spi(Platform) import DragDrop
import Foundation

/// A read of a pipe into a file by the kernel (`splice(2)`), on a thread of its own: what a
/// paste to a file takes when GDK hands its bytes over a pipe, as its Wayland backend does.
/// The bytes never pass through the process, and the main loop turns no wheel for them, so
/// the window draws on while a gigabyte arrives.
enum PipeSplice {
  /// The most one call moves: the width the pipe is asked for.
  static let chunk = 1 << 20

  /// The pipe `stream` reads, widened (``widen(_:)``), when it reads one; nil for any other
  /// stream (X11's, a socket's), which the caller reads itself.
  @MainActor
  static func pipe(of stream: UnsafeMutablePointer<GInputStream>) -> Int32? {
    let descriptor = ddgtk_input_stream_fd(stream)
    guard descriptor >= 0, ddpipe_is_pipe(descriptor) != 0 else { return nil }
    widen(stream)
    return descriptor
  }

  /// Asks the kernel to make the pipe `stream` reads, if it reads one, hold ``chunk`` bytes,
  /// not the 64 KiB a pipe holds by default: the peer then writes, and a read takes, a
  /// mebibyte a call. Any other stream is left as it is.
  @MainActor
  static func widen(_ stream: UnsafeMutablePointer<GInputStream>) {
    _ = ddgtk_widen_pipe(stream, Int32(chunk))
  }

  /// Moves what the pipe `descriptor` carries into `output` until its writer closes it,
  /// counting the bytes into `progress`, then calls `done` on the main actor with their
  /// count, ``ItemProviderError/cancelled`` once `cancellable` is cancelled, or
  /// ``PlatformTransferError/readFailed(_:)`` naming what failed (a full disk, say). The
  /// caller keeps the pipe's stream, `output` and `cancellable` until `done`.
  @MainActor
  static func start(
    from descriptor: Int32, into output: FileHandle, cancellable: UnsafeMutablePointer<GCancellable>,
    progress: LoadProgress, done: @escaping @MainActor (Result<Int, any Error>) -> Void
  ) {
    let cancelDescriptor = g_cancellable_get_fd(cancellable)
    let held = HeldCancellable(cancellable)
    let target = output.fileDescriptor
    let counted = Unmanaged.passRetained(progress)
    let thread = Thread {
      let moved = ddpipe_splice_to_file(
        descriptor, target, cancelDescriptor, chunk,
        { total, context in
          Unmanaged<LoadProgress>.fromOpaque(context!).takeUnretainedValue().completedUnitCount = total
        }, counted.toOpaque())
      let failure = moved == -1 ? String(cString: strerror(errno)) : nil
      counted.release()
      Task { @MainActor in
        g_cancellable_release_fd(held.pointer)
        switch moved {
        case -2: done(.failure(ItemProviderError.cancelled))
        case ..<0: done(.failure(PlatformTransferError.readFailed("the bytes could not be kept: \(failure ?? "")")))
        default: done(.success(Int(moved)))
        }
      }
    }
    thread.name = "DragDrop pipe"
    thread.start()
  }
}
