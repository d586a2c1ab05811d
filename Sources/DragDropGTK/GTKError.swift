import DragDrop

/// What can go wrong on the GTK platform.
public enum GTKError: Error, Hashable, Sendable, CustomStringConvertible {
  /// GTK could not open a display: neither `DISPLAY` (X11) nor `WAYLAND_DISPLAY` names one
  /// that accepts connections. `detail` says which variables were set.
  case noDisplay(detail: String)
  /// gdk-pixbuf could not decode the image's bytes.
  case imageDecodingFailed(ContentType, reason: String)
  /// A size that cannot be rendered: not finite, not positive, or too large for cairo.
  case invalidRenderSize(width: Double, height: Double, scale: Double)
  /// Cairo failed, with its status message.
  case cairo(String)
  /// Writing a PNG file failed.
  case pngWriteFailed(path: String, reason: String)
  /// Reading a PNG file failed: it is missing or not a PNG cairo reads.
  case pngReadFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .noDisplay(let detail):
      "GTK cannot open a display (\(detail)); run under a desktop session or Xvfb, e.g. xvfb-run -a"
    case .imageDecodingFailed(let type, let reason): "cannot decode \(type.identifier) image: \(reason)"
    case .invalidRenderSize(let width, let height, let scale):
      "cannot render \(width)×\(height) at scale \(scale): the size must be positive, finite and at most 32767 pixels"
    case .cairo(let message): "cairo failed: \(message)"
    case .pngWriteFailed(let path, let reason): "cannot write PNG \(path): \(reason)"
    case .pngReadFailed(let path, let reason): "cannot read PNG \(path): \(reason)"
    }
  }
}
