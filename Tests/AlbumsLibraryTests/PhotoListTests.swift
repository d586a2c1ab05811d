import AlbumsLibrary
import Foundation
import TestSupport
import Testing

@testable import AlbumsUI

/// The open album's photos in chunks: inserts, reads and writes at every place match a
/// plain array, across chunk splits.
@Suite struct PhotoListTests {
  static func photo(_ number: Int) -> Photo {
    Photo(
      id: Int64(number), fileName: "\(number).png", originalName: "\(number).png", contentType: "public.png",
      byteCount: number, addedAt: Date(timeIntervalSince1970: 0))
  }

  @Test(
    "Inserts at random places, at the start and at the end, and writes, match a plain array",
    arguments: [1, 2, 3] as [UInt64])
  func matchesAnArray(seed: UInt64) {
    var generator = SeededGenerator(state: seed)
    let initial = (0..<Int.random(in: 0...3000, using: &generator)).map(Self.photo)
    var model = initial
    var list = PhotoList(initial)
    #expect(Array(list) == model)
    for step in 0..<3000 {
      let number = 10_000 + step
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        let index = Int.random(in: 0...model.count, using: &generator)
        model.insert(Self.photo(number), at: index)
        list.insert(Self.photo(number), at: index)
      case 5..<7:
        // Many at one place, which splits one chunk over and over.
        let index = min(7, model.count)
        model.insert(Self.photo(number), at: index)
        list.insert(Self.photo(number), at: index)
      case 7:
        model.append(Self.photo(number))
        list.insert(Self.photo(number), at: list.count)
      default:
        guard !model.isEmpty else { continue }
        let index = Int.random(in: 0..<model.count, using: &generator)
        model[index] = Self.photo(number)
        list[index] = Self.photo(number)
      }
      #expect(list.count == model.count)
      let probe = Int.random(in: 0..<model.count, using: &generator)
      #expect(list[probe] == model[probe], "step \(step)")
    }
    #expect(Array(list) == model)
    #expect(list == PhotoList(model))
    #expect(list.first == model.first && list.last == model.last)
  }

  @Test("An empty list takes its first photo; the equality of two lists is their photos'")
  func emptyAndEquality() {
    var list: PhotoList = []
    #expect(list.isEmpty && list.first == nil)
    list.insert(Self.photo(1), at: 0)
    list.insert(Self.photo(0), at: 0)
    #expect(Array(list) == [Self.photo(0), Self.photo(1)])
    #expect(list == [Self.photo(0), Self.photo(1)])
    #expect(list != [Self.photo(1), Self.photo(0)])
    #expect(list.hashValue == PhotoList([Self.photo(0), Self.photo(1)]).hashValue)
  }
}
