import AlbumsLibrary
import Foundation
import Synchronization
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

/// A list that reads its photos' rows when they are wanted: what it reads, when, and what
/// it does when a read fails.
@Suite struct LazyPhotoListTests {
  /// The rows a list asked for, in order, each read as one call.
  final class Reads: Sendable {
    let calls = Mutex<[[Int64]]>([])
    let failures = Mutex<[LibraryError]>([])
    /// Ids the library does not have.
    let missing: Set<Int64>
    let fails: Bool

    init(missing: Set<Int64> = [], fails: Bool = false) {
      self.missing = missing
      self.fails = fails
    }

    func list(_ ids: [Int64]) -> PhotoList {
      PhotoList(
        ids: ids,
        reading: { wanted throws(LibraryError) in
          self.calls.withLock { $0.append(wanted) }
          if self.fails { throw LibraryError.notInLibrary }
          return Dictionary(
            uniqueKeysWithValues: wanted.filter { !self.missing.contains($0) }.map {
              ($0, PhotoListTests.photo(Int($0)))
            })
        }, failed: { error in self.failures.withLock { $0.append(error) } })
    }
  }

  @Test("Nothing is read until a photo is wanted; then its page of neighbours, once")
  func readsPagesWhenWanted() {
    let reads = Reads()
    let ids = (1...100_000).map(Int64.init)
    let list = reads.list(ids)
    #expect(list.count == 100_000)
    #expect(list.id(at: 500) == 501 && list.ids.count == 100_000)
    #expect(reads.calls.withLock { $0 }.isEmpty)
    #expect(list[50_000] == PhotoListTests.photo(50_001))
    let first = reads.calls.withLock { $0 }
    #expect(first.count == 1)
    #expect(first.first?.first == 50_001)
    let page: Set<Int64> = Set((49_873 as Int64)...(50_128 as Int64))
    #expect(Set(first[0]) == page)
    // Its neighbours are at hand; the next page is read once.
    for index in 49_900..<50_100 { #expect(list[index].id == Int64(index + 1)) }
    #expect(reads.calls.withLock { $0.count } == 1)
    _ = list[50_200]
    _ = list[50_201]
    #expect(reads.calls.withLock { $0.count } == 2)
    #expect(reads.calls.withLock { $0[1].allSatisfy { $0 > 50_128 } })
    // At the ends, a page stays inside the list.
    _ = list[0]
    _ = list[99_999]
    #expect(reads.calls.withLock { $0[2] }.allSatisfy { (1...256).contains($0) })
    #expect(reads.calls.withLock { $0[3] }.allSatisfy { (99_745...100_000).contains($0) })
  }

  @Test(
    "Inserts, writes and reads at random places match a plain array; unrecorded photos keep no id",
    arguments: [4, 5] as [UInt64])
  func matchesAnArray(seed: UInt64) {
    var generator = SeededGenerator(state: seed)
    let reads = Reads()
    var model = (1...Int.random(in: 1...5000, using: &generator)).map(PhotoListTests.photo)
    var list = reads.list(model.map { $0.id! })
    for step in 0..<3000 {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<3:
        // A photo not recorded yet, then (sometimes) recorded.
        let index = Int.random(in: 0...model.count, using: &generator)
        var photo = PhotoListTests.photo(1_000_000 + step)
        photo.id = nil
        model.insert(photo, at: index)
        list.insert(photo, at: index)
        #expect(list.id(at: index) == nil)
      case 3..<5:
        let index = Int.random(in: 0..<model.count, using: &generator)
        model[index] = PhotoListTests.photo(2_000_000 + step)
        list[index] = PhotoListTests.photo(2_000_000 + step)
      default:
        let index = Int.random(in: 0..<model.count, using: &generator)
        #expect(list[index] == model[index], "step \(step)")
      }
    }
    #expect(list.ids == model.map(\.id))
    #expect(Array(list) == model)
    #expect(reads.failures.withLock { $0 }.isEmpty)
  }

  @Test("A read that fails, or a row that is gone, gives a photo that says so, and the error is reported")
  func readFailures() {
    let gone = Reads(missing: [7])
    let list = gone.list([5, 6, 7, 8])
    #expect(list[2] == .unreadable(id: 7))
    #expect(list[2].originalName == "photo 7 (unreadable)")
    #expect(list[1] == PhotoListTests.photo(6))
    #expect(gone.failures.withLock { $0 }.isEmpty)

    let failing = Reads(fails: true)
    let broken = failing.list([5, 6])
    #expect(broken[0] == .unreadable(id: 5))
    #expect(failing.failures.withLock { $0 } == [.notInLibrary])
  }

  @Test("At most a few thousand read rows are kept: past that the oldest go, and are read again when wanted")
  func keepsABoundedNumber() {
    let reads = Reads()
    let list = reads.list((1...40_000).map(Int64.init))
    for index in stride(from: 0, to: 40_000, by: 256) { _ = list[index] }
    let calls = reads.calls.withLock { $0.count }
    _ = list[0]
    #expect(reads.calls.withLock { $0.count } == calls + 1)
    // What was just read is at hand.
    _ = list[1]
    #expect(reads.calls.withLock { $0.count } == calls + 1)
  }
}
