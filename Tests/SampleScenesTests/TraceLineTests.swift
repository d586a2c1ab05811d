import PropertyBased
import TestSupport
import Testing
import TraceLines

@Suite struct TraceLineTests {
  @Test func eachKindOfLineReadsBackAsItWasWritten() {
    let lines: [TraceLine] = [
      .ready(originX: 12, originY: -40, width: 1280, height: 800),
      .call("Second list.previewForDropping(item 3)"),
      .scene("moveItem 3 → 0"),
      .state("first=[北海道,青森] second=[]"),
      .idle,
      .frame(number: 17, time: 12.016, input: 4_294_967_295),
      .frame(number: 0, time: 0.000001, input: 0),
      .frame(number: 5, time: 1.5, input: 7, drawing: 0.0021),
      .frame(number: 6, time: 1.52, input: 1490, drawing: 0.004, received: 1.4905, drawn: 1.51),
      .other("key down space"),
    ]
    for line in lines { #expect(TraceLine(line.description) == line, "\(line)") }
    #expect(
      TraceLine.frame(number: 3, time: 2.5, input: 9).description
        == "frame 3 time=2.500000 input=9 drawing=0.000000 received=0.000000 drawn=0.000000")
    // Lines written before frames told their drawing time and stages read as drawing nothing.
    #expect(TraceLine("frame 3 time=2.5 input=9") == .frame(number: 3, time: 2.5, input: 9))
    #expect(
      TraceLine("frame 3 time=2.5 input=9 drawing=0.001") == .frame(number: 3, time: 2.5, input: 9, drawing: 0.001))
    #expect(
      TraceLine.ready(originX: 1, originY: 2, width: 3, height: 4).description == "ready origin=1,2 size=3x4")
  }

  @Test func malformedKnownLinesStayWhole() {
    for text in [
      "ready origin=1 size=3x4", "ready", "frame x time=1 input=2", "frame 1 time=a input=2", "idle now", "",
    ] {
      #expect(TraceLine(text) == .other(text), "\(text)")
    }
  }

  @Test("Random frames and ready lines survive a round trip")
  func roundTrips() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let micros = Int64.random(in: 0...10_000_000_000, using: &random)
      let frame = TraceLine.frame(
        number: Int.random(in: 0...1_000_000, using: &random), time: Double(micros) / 1_000_000,
        input: UInt32.random(in: 0...UInt32.max, using: &random),
        drawing: Double(Int64.random(in: 0...1_000_000, using: &random)) / 1_000_000,
        received: Double(Int64.random(in: 0...10_000_000_000, using: &random)) / 1_000_000,
        drawn: Double(Int64.random(in: 0...10_000_000_000, using: &random)) / 1_000_000)
      #expect(TraceLine(frame.description) == frame)
      let ready = TraceLine.ready(
        originX: Int.random(in: -5000...5000, using: &random), originY: Int.random(in: -5000...5000, using: &random),
        width: Int.random(in: 0...10000, using: &random), height: Int.random(in: 0...10000, using: &random))
      #expect(TraceLine(ready.description) == ready)
    }
  }
}
