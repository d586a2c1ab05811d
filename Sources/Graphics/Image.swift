import ContentTypes
import Foundation
import Synchronization

/// An encoded image: its bytes, their content type, and the pixel size read from the
/// header. Decoding pixels is the renderer's work; this value only carries and checks them.
///
/// PNG, JPEG and GIF are recognised. Damaged or truncated headers are an ``ImageError``.
public struct Image: Sendable, Hashable {
  /// The encoded bytes, as given.
  public let data: Data
  /// `ContentType.png`, `ContentType.jpeg` or `ContentType.gif`.
  public let contentType: ContentType
  /// The width and height in pixels.
  public let pixelWidth: Int
  /// The height in pixels.
  public let pixelHeight: Int

  /// Reads the format from the bytes' signature and the size from the header, or says
  /// why the bytes are not an image. An image of more pixels than
  /// ``maximumPixelCount`` is refused (``ImageError/tooLarge(_:width:height:limit:)``)
  /// before anything decodes it: a few megabytes of PNG can stand for gigabytes of pixels.
  public init(validating data: Data) throws(ImageError) {
    let bytes = [UInt8](data.prefix(ImageHeader.maximumScan))
    let format = try ImageHeader.format(of: bytes)
    let size = try ImageHeader.size(of: bytes, format: format, totalLength: data.count)
    let limit = Self.maximumPixelCount
    guard size.width * size.height <= limit else {
      throw .tooLarge(format.contentType, width: size.width, height: size.height, limit: limit)
    }
    self.data = data
    self.contentType = format.contentType
    self.pixelWidth = size.width
    self.pixelHeight = size.height
  }

  /// An image of `data`, or nil when the bytes are not one, as UIKit's
  /// `UIImage(data:)`. ``init(validating:)`` says why.
  public init?(data: Data) {
    guard let image = try? Image(validating: data) else { return nil }
    self = image
  }

  /// The most pixels an image may have: 100 megapixels unless the application says
  /// otherwise. Images are checked against it before they are decoded, wherever they come
  /// from (drops, the pasteboard, files), and refused beyond it.
  public static var maximumPixelCount: Int {
    get { pixelBudget.load(ordering: .relaxed) }
    set { pixelBudget.store(max(1, newValue), ordering: .relaxed) }
  }
  private static let pixelBudget = Atomic<Int>(100_000_000)

  /// The image type of `data` from its header (PNG, JPEG or GIF), whatever its size; nil
  /// when the bytes are none of these or their header is damaged.
  public static func contentType(of data: Data) -> ContentType? {
    let bytes = [UInt8](data.prefix(ImageHeader.maximumScan))
    guard let format = try? ImageHeader.format(of: bytes),
      (try? ImageHeader.size(of: bytes, format: format, totalLength: data.count)) != nil
    else { return nil }
    return format.contentType
  }

  /// Checks that the bytes are of `contentType` as well as reading them.
  public init(data: Data, contentType: ContentType) throws(ImageError) {
    try self.init(validating: data)
    guard self.contentType.conforms(to: contentType) else {
      throw .formatMismatch(declared: contentType, actual: self.contentType)
    }
  }
}

/// Why bytes are not a usable image.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes start with no known signature.
  case unrecognizedFormat
  /// The bytes end before the header does.
  case truncated(ContentType)
  /// The header is present but wrong: a zero size, a bad chunk, a missing frame header.
  case invalidHeader(ContentType, reason: String)
  /// The bytes are of another format than the one declared.
  case formatMismatch(declared: ContentType, actual: ContentType)
  /// The header says the image has more pixels than `limit` (``Image/maximumPixelCount``).
  case tooLarge(ContentType, width: Int, height: Int, limit: Int)

  public var description: String {
    switch self {
    case .unrecognizedFormat: "not a PNG, JPEG or GIF image"
    case .truncated(let type): "the \(type.identifier) header is truncated"
    case .invalidHeader(let type, let reason): "invalid \(type.identifier) header: \(reason)"
    case .formatMismatch(let declared, let actual):
      "declared \(declared.identifier) but the bytes are \(actual.identifier)"
    case .tooLarge(let type, let width, let height, let limit):
      "the \(type.identifier) image is \(width)×\(height) pixels, more than the \(Self.megapixels(limit)) megapixels "
        + "an image may have (Image.maximumPixelCount)"
    }
  }
}

extension ImageError {
  /// `count` pixels in megapixels, as a person would say it.
  static func megapixels(_ count: Int) -> String {
    count % 1_000_000 == 0 ? "\(count / 1_000_000)" : String(format: "%.1f", Double(count) / 1_000_000)
  }
}

extension Image {
  /// Whether two images are the same: the same type, size and bytes. Most comparisons are
  /// of an image with itself, drawn again frame after frame: bytes at the same address are
  /// the same bytes, without comparing them one by one.
  public static func == (lhs: Image, rhs: Image) -> Bool {
    guard lhs.contentType == rhs.contentType, lhs.pixelWidth == rhs.pixelWidth, lhs.pixelHeight == rhs.pixelHeight
    else { return false }
    let shared = lhs.data.withUnsafeBytes { first in
      rhs.data.withUnsafeBytes { second in first.baseAddress == second.baseAddress && first.count == second.count }
    }
    return shared || lhs.data == rhs.data
  }

  /// Hashes the type, the size and a sample of the bytes (their ends, and sixteen bytes
  /// spread through a large image), so that hashing a large image costs little.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(contentType)
    hasher.combine(data.count)
    hasher.combine(pixelWidth)
    hasher.combine(pixelHeight)
    hasher.combine(data.prefix(256))
    hasher.combine(data.suffix(256))
    if data.count > 4096 {
      let step = data.count / 16
      for index in stride(from: data.startIndex, to: data.endIndex, by: step) { hasher.combine(data[index]) }
    }
  }
}

/// Header parsing for the recognised formats. Every read is bounds-checked.
enum ImageHeader {
  enum Format {
    case png, jpeg, gif
    var contentType: ContentType {
      switch self {
      case .png: .png
      case .jpeg: .jpeg
      case .gif: .gif
      }
    }
  }

  /// How far into a JPEG the frame header is looked for.
  static let maximumScan = 1 << 20
  /// Larger dimensions are not plausible images and are refused.
  static let maximumDimension = 1 << 20

  static func format(of bytes: [UInt8]) throws(ImageError) -> Format {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
    throw .unrecognizedFormat
  }

  static func size(of bytes: [UInt8], format: Format, totalLength: Int) throws(ImageError) -> (width: Int, height: Int)
  {
    let type = format.contentType
    let size: (width: Int, height: Int)
    switch format {
    case .png:
      // Signature, then the IHDR chunk: length 13, "IHDR", width and height big-endian.
      guard bytes.count >= 24 else { throw .truncated(type) }
      guard bytes[12..<16].elementsEqual("IHDR".utf8) else {
        throw .invalidHeader(type, reason: "first chunk is not IHDR")
      }
      guard bigEndian32(bytes, 8) == 13 else { throw .invalidHeader(type, reason: "IHDR length is not 13") }
      size = (Int(bigEndian32(bytes, 16)), Int(bigEndian32(bytes, 20)))
    case .gif:
      guard bytes.count >= 10 else { throw .truncated(type) }
      size = (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    case .jpeg:
      size = try jpegSize(bytes, truncated: totalLength > bytes.count)
    }
    guard size.width > 0, size.height > 0 else { throw .invalidHeader(type, reason: "zero width or height") }
    guard size.width <= maximumDimension, size.height <= maximumDimension else {
      throw .invalidHeader(type, reason: "implausible size \(size.width)×\(size.height)")
    }
    return size
  }

  /// Walks the JPEG markers to the first start-of-frame segment.
  private static func jpegSize(_ bytes: [UInt8], truncated: Bool) throws(ImageError) -> (width: Int, height: Int) {
    var index = 2
    while true {
      // Skip fill bytes before a marker.
      while index < bytes.count, bytes[index] == 0xFF, index + 1 < bytes.count, bytes[index + 1] == 0xFF { index += 1 }
      guard index + 2 <= bytes.count else { throw endOfScan(truncated) }
      guard bytes[index] == 0xFF else { throw .invalidHeader(.jpeg, reason: "expected a marker at byte \(index)") }
      let marker = bytes[index + 1]
      if marker == 0xD9 || marker == 0xDA {
        throw .invalidHeader(.jpeg, reason: "no frame header before the image data")
      }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        index += 2
        continue
      }
      guard index + 4 <= bytes.count else { throw endOfScan(truncated) }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      guard length >= 2 else { throw .invalidHeader(.jpeg, reason: "segment length \(length)") }
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        guard length >= 7 else { throw .invalidHeader(.jpeg, reason: "frame header too short") }
        guard index + 9 <= bytes.count else { throw .truncated(.jpeg) }
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return (width, height)
      }
      index += 2 + length
    }
  }

  /// The error for bytes that end before a frame header: truncated data, or a frame header
  /// beyond the part that is scanned.
  private static func endOfScan(_ scannedPart: Bool) -> ImageError {
    scannedPart ? .invalidHeader(.jpeg, reason: "no frame header in the first megabyte") : .truncated(.jpeg)
  }

  private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
