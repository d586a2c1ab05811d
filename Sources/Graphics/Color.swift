import ContentTypes
import Foundation

/// A colour in sRGB with alpha, each component from 0 to 1.
///
/// In item providers it travels as JSON (`org.dragdrop.color`) and as `#rrggbbaa` text, and
/// reads from either; text may also be `#rgb` or `#rrggbb`.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The red component, from 0 to 1; a value set outside is clamped, and NaN becomes 0.
  public var red: Double { didSet { red = Self.clamp(red) } }
  /// The green component, from 0 to 1; a value set outside is clamped, and NaN becomes 0.
  public var green: Double { didSet { green = Self.clamp(green) } }
  /// The blue component, from 0 to 1; a value set outside is clamped, and NaN becomes 0.
  public var blue: Double { didSet { blue = Self.clamp(blue) } }
  /// The opacity, from 0 (transparent) to 1 (opaque); a value set outside is clamped, and NaN becomes 0.
  public var alpha: Double { didSet { alpha = Self.clamp(alpha) } }

  /// Components outside 0...1 are clamped; a NaN component becomes 0, here and when a
  /// component is set later.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
  }

  private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

  /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
  public init?(hex: String) {
    var text = hex.trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("#") else { return nil }
    text.removeFirst()
    guard text.allSatisfy(\.isHexDigit), [3, 6, 8].contains(text.count) else { return nil }
    if text.count == 3 { text = text.map { "\($0)\($0)" }.joined() }
    if text.count == 6 { text += "ff" }
    guard let value = UInt32(text, radix: 16) else { return nil }
    func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
    self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
  }

  /// `#rrggbbaa`, lowercase.
  public var hex: String {
    func byte(_ value: Double) -> String {
      let text = String(Int((value * 255).rounded()), radix: 16)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
  }

  public var description: String { hex }

  /// Black, opaque.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// White, opaque.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  // MARK: Named colours, by SwiftUI's names

  /// The colour of text and lines: near black.
  public static let primary = Color(red: 0.1, green: 0.1, blue: 0.12)
  /// The colour of secondary text.
  public static let secondary = Color(red: 0.45, green: 0.45, blue: 0.5)
  /// Red, as SwiftUI's `Color.red` in the light appearance.
  public static let red = Color(red: 1, green: 0.23, blue: 0.19)
  /// Orange, as SwiftUI's `Color.orange` in the light appearance.
  public static let orange = Color(red: 1, green: 0.58, blue: 0)
  /// Yellow, as SwiftUI's `Color.yellow` in the light appearance.
  public static let yellow = Color(red: 1, green: 0.8, blue: 0)
  /// Green, as SwiftUI's `Color.green` in the light appearance.
  public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
  /// Mint, as SwiftUI's `Color.mint` in the light appearance.
  public static let mint = Color(red: 0, green: 0.78, blue: 0.75)
  /// Teal, as SwiftUI's `Color.teal` in the light appearance.
  public static let teal = Color(red: 0.19, green: 0.69, blue: 0.78)
  /// Blue, as SwiftUI's `Color.blue` in the light appearance.
  public static let blue = Color(red: 0, green: 0.48, blue: 1)
  /// Indigo, as SwiftUI's `Color.indigo` in the light appearance.
  public static let indigo = Color(red: 0.35, green: 0.34, blue: 0.84)
  /// Purple, as SwiftUI's `Color.purple` in the light appearance.
  public static let purple = Color(red: 0.69, green: 0.32, blue: 0.87)
  /// Pink, as SwiftUI's `Color.pink` in the light appearance.
  public static let pink = Color(red: 1, green: 0.18, blue: 0.33)
  /// Gray, as SwiftUI's `Color.gray` in the light appearance.
  public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)
  /// The colour of selected and active controls.
  public static let accentColor = Color.blue
  /// The background of a window: white.
  public static let systemBackground = Color.white
  /// The background of grouped content.
  public static let secondarySystemBackground = Color(red: 0.95, green: 0.95, blue: 0.97)

  // UIKit's fixed colours, by their component values in UIKit.
  /// Two thirds white (UIKit's `lightGray`).
  public static let lightGray = Color(red: 2.0 / 3.0, green: 2.0 / 3.0, blue: 2.0 / 3.0)
  /// One third white (UIKit's `darkGray`).
  public static let darkGray = Color(red: 1.0 / 3.0, green: 1.0 / 3.0, blue: 1.0 / 3.0)
  /// Full red and blue (UIKit's `magenta`).
  public static let magenta = Color(red: 1, green: 0, blue: 1)
  /// Full green and blue (UIKit's `cyan`).
  public static let cyan = Color(red: 0, green: 1, blue: 1)
  /// UIKit's `brown`: 0.6, 0.4, 0.2.
  public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)

  // UIKit's system colours, in their light appearance.
  /// UIKit's `systemRed`.
  public static let systemRed = Color.red
  /// UIKit's `systemOrange`.
  public static let systemOrange = Color.orange
  /// UIKit's `systemYellow`.
  public static let systemYellow = Color.yellow
  /// UIKit's `systemGreen`.
  public static let systemGreen = Color.green
  /// UIKit's `systemTeal`.
  public static let systemTeal = Color(red: 0.19, green: 0.69, blue: 0.78)
  /// UIKit's `systemBlue`.
  public static let systemBlue = Color.blue
  /// UIKit's `systemIndigo`.
  public static let systemIndigo = Color.indigo
  /// UIKit's `systemPurple`.
  public static let systemPurple = Color.purple
  /// UIKit's `systemPink`.
  public static let systemPink = Color.pink
  /// UIKit's `systemGray`.
  public static let systemGray = Color.gray
  /// UIKit's `systemGray2`.
  public static let systemGray2 = Color(red: 0.68, green: 0.68, blue: 0.70)
  /// UIKit's `systemGray3`.
  public static let systemGray3 = Color(red: 0.78, green: 0.78, blue: 0.80)
  /// UIKit's `systemGray4`.
  public static let systemGray4 = Color(red: 0.82, green: 0.82, blue: 0.84)
  /// UIKit's `systemGray5`.
  public static let systemGray5 = Color(red: 0.90, green: 0.90, blue: 0.92)
  /// UIKit's `systemGray6`.
  public static let systemGray6 = Color(red: 0.95, green: 0.95, blue: 0.97)
  /// UIKit's `systemMint`.
  public static let systemMint = Color.mint
  /// UIKit's `systemCyan`.
  public static let systemCyan = Color(red: 0.2, green: 0.68, blue: 0.9)
  /// UIKit's `systemBrown`.
  public static let systemBrown = Color(red: 0.64, green: 0.52, blue: 0.37)
  /// The third level of background: white.
  public static let tertiarySystemBackground = Color.white
  /// The background of a grouped table: light grey.
  public static let systemGroupedBackground = Color(red: 0.95, green: 0.95, blue: 0.97)
  /// The background of the rows of a grouped table: white.
  public static let secondarySystemGroupedBackground = Color.white
  /// The background of content inside grouped rows.
  public static let tertiarySystemGroupedBackground = Color(red: 0.95, green: 0.95, blue: 0.97)
  /// The colour of text: black.
  public static let label = Color.black
  /// The colour of secondary text.
  public static let secondaryLabel = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.6)
  /// The colour of tertiary text.
  public static let tertiaryLabel = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3)
  /// The colour of placeholder text in fields.
  public static let placeholderText = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3)
  /// The colour of the lines between rows, translucent.
  public static let separator = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.29)
  /// The colour of the lines between rows, opaque.
  public static let opaqueSeparator = Color(red: 0.78, green: 0.78, blue: 0.78)
  /// The colour of links.
  public static let link = Color.blue
  /// The fill of thin and small shapes.
  public static let systemFill = Color(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.2)
  /// The fill of medium shapes.
  public static let secondarySystemFill = Color(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.16)

  private enum CodingKeys: String, CodingKey { case red, green, blue, alpha }

  /// Decoding refuses components outside 0...1 or not finite, rather than clamping them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var values: [Double] = []
    for key in [CodingKeys.red, .green, .blue, .alpha] {
      let value = try container.decodeIfPresent(Double.self, forKey: key) ?? (key == .alpha ? 1 : nil)
      guard let value, value.isFinite, (0...1).contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "a colour component must be a number from 0 to 1")
      }
      values.append(value)
    }
    self.init(red: values[0], green: values[1], blue: values[2], alpha: values[3])
  }
}
