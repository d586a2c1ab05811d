import ContentTypes
import Foundation

extension Image {
  /// An image made from pixels: `width` × `height` of them, each four bytes of red,
  /// green, blue and alpha (not premultiplied), row after row, encoded as a PNG.
  ///
  /// The PNG is stored without compression: for small, generated images such as symbols
  /// and test pictures, where a compressor would be more code than it saves bytes.
  ///
  /// - Throws: ``ImageError/invalidHeader(_:reason:)`` when the size is zero or the
  ///   pixels do not match it.
  public init(rgbaPixels pixels: [UInt8], width: Int, height: Int) throws(ImageError) {
    guard width > 0, height > 0, width <= 1 << 14, height <= 1 << 14 else {
      throw .invalidHeader(.png, reason: "a \(width)×\(height) image has no pixels or is too large")
    }
    guard pixels.count == width * height * 4 else {
      throw .invalidHeader(.png, reason: "\(pixels.count) bytes are not \(width)×\(height) RGBA pixels")
    }
    try self.init(data: PNGWriter.encode(rgba: pixels, width: width, height: height), contentType: .png)
  }
}

/// Writes PNGs of 8-bit RGBA pixels with stored deflate blocks.
enum PNGWriter {
  static func encode(rgba pixels: [UInt8], width: Int, height: Int) -> Data {
    var raw = [UInt8]()
    raw.reserveCapacity(height * (1 + width * 4))
    for row in 0..<height {
      raw.append(0)  // no filter
      raw += pixels[(row * width * 4)..<((row + 1) * width * 4)]
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, raw.count - offset)
      let last: UInt8 = offset + count == raw.count ? 1 : 0
      zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      zlib += raw[offset..<offset + count]
      offset += count
    } while offset < raw.count
    zlib += bigEndian(adler32(raw))
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
    png += chunk("IDAT", zlib)
    png += chunk("IEND", [])
    return Data(png)
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }
}
