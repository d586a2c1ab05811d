import Foundation

/// Joins animated GIFs of one canvas size into one, block by block, without decoding a
/// pixel: each frame keeps its file's colour table (as a local table), so that long
/// recordings can be encoded in short clips and joined cheaply.
public enum GIF {
  /// A GIF that could not be read.
  public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file) is not a GIF this joiner reads: \(reason)" }
  }

  /// Writes the frames of `files`, in order, to `output`: the first file's header, screen
  /// and looping, then every frame with its own colour table.
  public static func concatenate(_ files: [URL], into output: URL) throws {
    var result = Data()
    for (index, file) in files.enumerated() {
      let data = try Data(contentsOf: file)
      try append(data, name: file.lastPathComponent, to: &result, first: index == 0)
    }
    guard !result.isEmpty else { return }
    result.append(0x3B)
    try result.write(to: output)
  }

  private static func append(_ data: Data, name: String, to result: inout Data, first: Bool) throws {
    let bytes = [UInt8](data)
    var reader = Reader(bytes: bytes, name: name)
    let header = try reader.take(6)
    guard header.starts(with: Array("GIF8".utf8)) else { throw reader.error("no GIF header") }
    let screen = try reader.take(7)
    let packed = screen[4]
    let globalTable = packed & 0x80 != 0 ? try reader.take(3 << (Int(packed & 0x07) + 1)) : []
    let globalSize = packed & 0x07
    if first {
      result.append(contentsOf: header)
      result.append(contentsOf: screen)
      result.append(contentsOf: globalTable)
    }
    while true {
      let introducer = try reader.byte()
      switch introducer {
      case 0x21:
        let label = try reader.byte()
        let blocks = try reader.subBlocks()
        // The looping (application) extension belongs to the first file only.
        if label == 0xFF && !first { continue }
        result.append(contentsOf: [0x21, label])
        result.append(contentsOf: blocks)
      case 0x2C:
        var descriptor = try reader.take(9)
        let local = descriptor[8] & 0x80 != 0
        let localTable = local ? try reader.take(3 << (Int(descriptor[8] & 0x07) + 1)) : []
        let minimumCodeSize = try reader.byte()
        let blocks = try reader.subBlocks()
        result.append(0x2C)
        if local || globalTable.isEmpty {
          result.append(contentsOf: descriptor)
          result.append(contentsOf: localTable)
        } else {
          descriptor[8] = (descriptor[8] & 0x78) | 0x80 | globalSize
          result.append(contentsOf: descriptor)
          result.append(contentsOf: globalTable)
        }
        result.append(minimumCodeSize)
        result.append(contentsOf: blocks)
      case 0x3B:
        return
      default:
        throw reader.error(String(format: "unexpected block 0x%02x", introducer))
      }
    }
  }

  /// Reads a GIF's bytes with bounds checks.
  private struct Reader {
    let bytes: [UInt8]
    let name: String
    var offset = 0

    func error(_ reason: String) -> FormatError { FormatError(file: name, reason: "\(reason) at byte \(offset)") }

    mutating func byte() throws -> UInt8 {
      guard offset < bytes.count else { throw error("it ends early") }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func take(_ count: Int) throws -> [UInt8] {
      guard count >= 0, offset + count <= bytes.count else { throw error("it ends early") }
      defer { offset += count }
      return Array(bytes[offset..<offset + count])
    }

    /// Data sub-blocks up to and including the terminating empty block, as they are.
    mutating func subBlocks() throws -> [UInt8] {
      let start = offset
      while true {
        let size = Int(try byte())
        if size == 0 { break }
        _ = try take(size)
      }
      return Array(bytes[start..<offset])
    }
  }
}
