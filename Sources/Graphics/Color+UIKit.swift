import Foundation

/// Core Graphics' colour, which UIKit code hands to layers (`view.layer.borderColor =
/// UIColor.red.cgColor`): on Linux, where Foundation has no Core Graphics colours, it is
/// ``Color`` itself.
public typealias CGColor = Color

/// Core Graphics' path, which UIKit code hands to layers (`layer.shadowPath =
/// UIBezierPath(rect: bounds).cgPath`): ``Path`` itself.
public typealias CGPath = Path

extension Color {
  /// A colour from hue, saturation and brightness (HSB), each from 0 to 1, as UIKit's
  /// `UIColor(hue:saturation:brightness:alpha:)`. A hue of 1 is red again.
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat = 1) {
    let h = hue.isFinite ? (Double(hue) - Double(hue).rounded(.down)) * 6 : 0
    let s = min(max(Double(saturation), 0), 1)
    let v = min(max(Double(brightness), 0), 1)
    let sector = min(5, Int(h))
    let f = h - Double(sector)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch sector {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(red: r, green: g, blue: b, alpha: Double(alpha))
  }

  /// A grey of `white` (0 black, 1 white), as UIKit's `UIColor(white:alpha:)`.
  public init(white: CGFloat, alpha: CGFloat = 1) {
    self.init(red: Double(white), green: Double(white), blue: Double(white), alpha: Double(alpha))
  }

  /// The colour itself, as a layer takes it: UIKit's `cgColor`.
  public var cgColor: CGColor { self }

  /// The colour of a layer, as UIKit's `UIColor(cgColor:)`.
  public init(cgColor: CGColor) { self = cgColor }

  /// The same colour at another opacity, as UIKit's `withAlphaComponent(_:)`.
  public func withAlphaComponent(_ alpha: CGFloat) -> Color {
    Color(red: red, green: green, blue: blue, alpha: Double(alpha))
  }

  /// Writes the components into the pointers given, any of which may be nil, as UIKit's
  /// `getRed(_:green:blue:alpha:)`; always true, every colour being RGB.
  @discardableResult
  public func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = CGFloat(self.red)
    green?.pointee = CGFloat(self.green)
    blue?.pointee = CGFloat(self.blue)
    alpha?.pointee = CGFloat(self.alpha)
    return true
  }

  /// Hue, saturation and brightness, from 0 to 1, as UIKit's
  /// `getHue(_:saturation:brightness:alpha:)`; always true.
  @discardableResult
  public func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let high = max(red, green, blue)
    let low = min(red, green, blue)
    let range = high - low
    var h = 0.0
    if range > 0 {
      switch high {
      case red: h = ((green - blue) / range).truncatingRemainder(dividingBy: 6)
      case green: h = (blue - red) / range + 2
      default: h = (red - green) / range + 4
      }
      h /= 6
      if h < 0 { h += 1 }
    }
    hue?.pointee = CGFloat(h)
    saturation?.pointee = CGFloat(high > 0 ? range / high : 0)
    brightness?.pointee = CGFloat(high)
    alpha?.pointee = CGFloat(self.alpha)
    return true
  }
}

extension Path {
  /// The path itself, as a layer takes it: UIKit's `cgPath`.
  public var cgPath: CGPath { self }
}
