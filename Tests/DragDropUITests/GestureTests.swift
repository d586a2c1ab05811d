import DragDropTesting
import DragDropUI
import Foundation
import Testing

/// What the gestures below report, in order.
@MainActor
final class GestureLog {
  var entries: [String] = []
}

@MainActor
struct GestureTests {
  /// A square that follows a drag through `@GestureState`, and reports where it ended.
  struct Draggable: View {
    let log: GestureLog
    var minimumDistance: CGFloat = 10
    @GestureState private var dragOffset = CGSize.zero
    @State private var position = CGSize.zero

    var body: some View {
      Text("square")
        .frame(width: 60, height: 60)
        .offset(x: position.width + dragOffset.width, y: position.height + dragOffset.height)
        .gesture(
          DragGesture(minimumDistance: minimumDistance)
            .updating($dragOffset) { value, state, _ in state = value.translation }
            .onChanged { value in log.entries.append("changed \(Int(value.translation.width))") }
            .onEnded { value in
              log.entries.append("ended \(Int(value.translation.width)),\(Int(value.translation.height))")
              position.width += value.translation.width
              position.height += value.translation.height
            })
    }
  }

  @Test func aDragGestureMovesItsViewThroughGestureStateAndEndsWithItsTranslation() throws {
    let log = GestureLog()
    let (test, host) = host(Draggable(log: log), size: Size(width: 400, height: 300))
    let square = try #require(host.find(text: "square"))
    let start = square.center
    test.press(at: start)
    test.move(to: Point(x: start.x + 40, y: start.y + 20), steps: 4)
    host.layoutIfNeeded()
    // The drag began once 10 points away: at the first of 4 steps of 10 across and 5 down.
    #expect(log.entries == ["changed 10", "changed 20", "changed 30", "changed 40"])
    let moved = try #require(host.find(text: "square"))
    #expect(moved.center.x == start.x + 40)
    #expect(moved.center.y == start.y + 20)
    test.release()
    test.settle()
    #expect(log.entries.last == "ended 40,20")
    // The gesture state went back to zero, and the position took the translation.
    let dropped = try #require(host.find(text: "square"))
    #expect(dropped.center == Point(x: start.x + 40, y: start.y + 20))
    // A second drag starts from where the first left it.
    test.press(at: dropped.center)
    test.move(to: Point(x: dropped.center.x - 30, y: dropped.center.y), steps: 3)
    test.release()
    test.settle()
    #expect(log.entries.last == "ended -30,0")
    #expect(try #require(host.find(text: "square")).center == Point(x: start.x + 10, y: start.y + 20))
  }

  @Test func aDragWithNoMinimumDistanceBeginsWhenTheTouchGoesDownAndWorksWithThePointer() throws {
    let log = GestureLog()
    let (test, host) = host(Draggable(log: log, minimumDistance: 0), size: Size(width: 400, height: 300))
    let start = try #require(host.find(text: "square")).center
    test.pointerDown(at: start)
    #expect(log.entries == ["changed 0"])
    test.pointerMove(to: Point(x: start.x + 8, y: start.y), steps: 2)
    test.pointerUp()
    test.settle()
    #expect(log.entries == ["changed 0", "changed 4", "changed 8", "ended 8,0"])
  }

  @Test func aDragsVelocityAndPredictedEndFollowTheTouch() throws {
    var values: [DragGesture.Value] = []
    struct Probe: View {
      let record: @MainActor (DragGesture.Value) -> Void
      var body: some View {
        Color.blue.frame(width: 300, height: 200).gesture(DragGesture().onEnded { record($0) })
      }
    }
    let (test, host) = host(Probe { values.append($0) }, size: Size(width: 400, height: 300))
    _ = host
    test.press(at: Point(x: 100, y: 150))
    // 60 points in 6 steps of a sixtieth of a second: 600 points a second.
    test.move(to: Point(x: 160, y: 150), steps: 6)
    test.release()
    let value = try #require(values.last)
    #expect(value.translation == CGSize(width: 60, height: 0))
    #expect(abs(value.velocity.width - 600) < 1)
    #expect(value.velocity.height == 0)
    // A scroll view's glide at 600 points a second goes about 300 points further.
    #expect(value.predictedEndTranslation.width > 300 && value.predictedEndTranslation.width < 400)
    // In the view's own coordinates: it is centred, 50 points from the window's left.
    #expect(value.startLocation == CGPoint(x: 50, y: 100))
  }

  @Test func aLongPressReportsPressingAtOnceAndEndsWhenHeldLongEnough() throws {
    let log = GestureLog()
    struct Pressable: View {
      let log: GestureLog
      var body: some View {
        Text("hold me").frame(width: 100, height: 40)
          .onLongPressGesture(minimumDuration: 1) {
            log.entries.append("action")
          } onPressingChanged: { pressing in
            log.entries.append("pressing \(pressing)")
          }
      }
    }
    let (test, host) = host(Pressable(log: log))
    let point = try #require(host.find(text: "hold me")).center
    test.press(at: point)
    #expect(log.entries == ["pressing true"])
    test.hold(0.5)
    #expect(log.entries == ["pressing true"])
    test.hold(0.5)
    #expect(log.entries == ["pressing true", "pressing false", "action"])
    test.release()
    test.settle()
    #expect(log.entries == ["pressing true", "pressing false", "action"])
    // Lifted too soon: pressing, then not, and no action.
    log.entries = []
    test.press(at: point)
    test.hold(0.3)
    test.release()
    test.settle()
    #expect(log.entries == ["pressing true", "pressing false"])
    // Moved too far: the same.
    log.entries = []
    test.press(at: point)
    test.move(to: Point(x: point.x + 30, y: point.y))
    test.hold(1)
    test.release()
    test.settle()
    #expect(log.entries == ["pressing true", "pressing false"])
  }

  @Test func gestureStateGoesBackToItsFirstValueWhenTheGestureFailsOrIsCancelled() throws {
    struct Pressing: View {
      @GestureState var isPressed = false
      var body: some View {
        Text(isPressed ? "pressed" : "idle").frame(width: 100, height: 40)
          .gesture(LongPressGesture(minimumDuration: 1).updating($isPressed) { value, state, _ in state = value })
      }
    }
    let (test, host) = host(Pressing())
    let point = try #require(host.find(text: "idle")).center
    test.press(at: point)
    host.layoutIfNeeded()
    #expect(host.find(text: "pressed") != nil)
    test.hold(0.2)
    test.release()
    test.settle()
    #expect(host.find(text: "idle") != nil)
    test.press(at: point)
    host.layoutIfNeeded()
    #expect(host.find(text: "pressed") != nil)
    test.cancelTouch()
    test.settle()
    #expect(host.find(text: "idle") != nil)
  }

  /// An inner tap inside an outer tap gesture of each priority: what runs.
  func taps(outer priority: String) throws -> [String] {
    let log = GestureLog()
    struct Nested: View {
      let log: GestureLog
      let priority: String
      var body: some View {
        let inner = Text("inner").frame(width: 80, height: 40).onTapGesture { log.entries.append("inner") }
        let container = VStack { inner }.frame(width: 300, height: 200)
        let outer = TapGesture().onEnded { log.entries.append("outer") }
        switch priority {
        case "high": AnyView(container.highPriorityGesture(outer))
        case "simultaneous": AnyView(container.simultaneousGesture(outer))
        default: AnyView(container.gesture(outer))
        }
      }
    }
    let (test, host) = host(Nested(log: log, priority: priority))
    let inner = try #require(host.find(text: "inner"))
    test.tap(at: inner.center)
    test.settle()
    // Outside the inner view, the outer gesture alone.
    test.tap(at: Point(x: inner.center.x + 100, y: inner.center.y))
    test.settle()
    return log.entries
  }

  @Test func theViewsInsideComeFirstUnlessTheGestureIsHighPriorityOrSimultaneous() throws {
    #expect(try taps(outer: "normal") == ["inner", "outer"])
    #expect(try taps(outer: "high") == ["outer", "outer"])
    #expect(try taps(outer: "simultaneous").sorted() == ["inner", "outer", "outer"])
  }

  @Test func aDoubleTapGestureAndADisabledGesture() throws {
    let log = GestureLog()
    struct Taps: View {
      let log: GestureLog
      var body: some View {
        VStack(spacing: 0) {
          Text("double").frame(width: 100, height: 40)
            .gesture(TapGesture(count: 2).onEnded { log.entries.append("double") })
          Text("disabled").frame(width: 100, height: 40)
            .gesture(TapGesture().onEnded { log.entries.append("disabled") }).disabled(true)
          Text("masked").frame(width: 100, height: 40)
            .gesture(TapGesture().onEnded { log.entries.append("masked") }, including: .subviews)
        }
      }
    }
    let (test, host) = host(Taps(log: log))
    let double = try #require(host.find(text: "double")).center
    test.tap(at: double)
    test.settle()
    #expect(log.entries.isEmpty)
    test.tap(at: double)
    test.hold(0.1)
    test.tap(at: double)
    test.settle()
    #expect(log.entries == ["double"])
    test.tap(at: try #require(host.find(text: "disabled")).center)
    test.tap(at: try #require(host.find(text: "masked")).center)
    test.settle()
    #expect(log.entries == ["double"])
  }

  @Test func gestureParametersThatMakeNoSenseAreClampedAndNothingCrashes() throws {
    #expect(DragGesture(minimumDistance: -5).minimumDistance == 0)
    #expect(DragGesture(minimumDistance: .nan).minimumDistance == 0)
    #expect(LongPressGesture(minimumDuration: -1).minimumDuration == 0)
    #expect(LongPressGesture(minimumDuration: .nan, maximumDistance: -3).maximumDistance == 0)
    // An infinite duration never ends; a count of 0 is a single tap.
    let log = GestureLog()
    struct Odd: View {
      let log: GestureLog
      var body: some View {
        VStack(spacing: 0) {
          Text("forever").frame(width: 100, height: 40)
            .gesture(LongPressGesture(minimumDuration: .infinity).onEnded { _ in log.entries.append("forever") })
          Text("zero").frame(width: 100, height: 40)
            .gesture(TapGesture(count: 0).onEnded { log.entries.append("zero") })
        }
      }
    }
    let (test, host) = host(Odd(log: log))
    test.press(at: try #require(host.find(text: "forever")).center)
    test.hold(1_000)
    test.release()
    test.tap(at: try #require(host.find(text: "zero")).center)
    test.settle()
    #expect(log.entries == ["zero"])
  }

  @Test func aSequenceReportsItsFirstGestureThenItsSecondAndEndsOnALiftBeforeTheSecondBegins() throws {
    var entries: [String] = []
    struct Probe: View {
      let record: @MainActor (String) -> Void
      static func describe(_ value: SequenceGesture<LongPressGesture, DragGesture>.Value) -> String {
        switch value {
        case .first(let pressing): "first \(pressing)"
        case .second(let pressed, let drag): "second \(pressed) \(drag.map { "\(Int($0.translation.width))" } ?? "nil")"
        }
      }
      var body: some View {
        Color.blue.frame(width: 200, height: 200)
          .gesture(
            LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture(minimumDistance: 0))
              .onChanged { record("changed \(Self.describe($0))") }
              .onEnded { record("ended \(Self.describe($0))") })
      }
    }
    let (test, _) = host(Probe { entries.append($0) })
    let point = Point(x: 200, y: 150)
    test.press(at: point)
    #expect(entries == ["changed first true"])
    test.hold(0.5)
    #expect(entries == ["changed first true", "changed second true nil", "changed second true 0"])
    test.move(to: Point(x: 230, y: 150), steps: 1)
    test.release()
    test.settle()
    #expect(entries.suffix(2) == ["changed second true 30", "ended second true 30"])
    // Lifted before the press is confirmed: nothing ends.
    entries = []
    test.press(at: point)
    test.hold(0.2)
    test.release()
    test.settle()
    #expect(entries == ["changed first true"])
  }

  @Test func aDoubleTapExclusivelyBeforeASingleTapRunsOneOfThem() throws {
    let log = GestureLog()
    struct Taps: View {
      let log: GestureLog
      var body: some View {
        Text("tap me").frame(width: 120, height: 60)
          .gesture(
            TapGesture(count: 2).onEnded { log.entries.append("double") }
              .exclusively(before: TapGesture().onEnded { log.entries.append("single") })
              .onEnded { value in
                switch value {
                case .first: log.entries.append("exclusive first")
                case .second: log.entries.append("exclusive second")
                }
              })
      }
    }
    let (test, host) = host(Taps(log: log))
    let point = try #require(host.find(text: "tap me")).center
    for _ in 0..<2 {
      // One tap: the single tap runs once no second tap came.
      log.entries = []
      test.tap(at: point)
      #expect(log.entries.isEmpty)
      test.hold(0.5)
      #expect(log.entries == ["single", "exclusive second"])
      // Two taps: the double tap alone.
      log.entries = []
      test.tap(at: point)
      test.hold(0.1)
      test.tap(at: point)
      test.settle()
      #expect(log.entries == ["double", "exclusive first"])
    }
  }

  @Test func aMappedGestureReportsTransformedValuesAndRunsWhatCameBefore() throws {
    let log = GestureLog()
    struct Mapped: View {
      let log: GestureLog
      var body: some View {
        Color.blue.frame(width: 300, height: 200)
          .gesture(
            DragGesture(minimumDistance: 0)
              .onEnded { log.entries.append("drag ended \(Int($0.translation.width))") }
              .map { Int($0.translation.width) }
              .onChanged { log.entries.append("width \($0)") }
              .onEnded { log.entries.append("ended \($0)") })
      }
    }
    let (test, _) = host(Mapped(log: log))
    test.press(at: Point(x: 100, y: 150))
    test.move(to: Point(x: 120, y: 150), steps: 2)
    test.release()
    test.settle()
    #expect(log.entries == ["width 0", "width 10", "width 20", "drag ended 20", "ended 20"])
  }

  @Test func simultaneousGesturesBothReportAndEndOnceBothAreOver() throws {
    let log = GestureLog()
    struct Both: View {
      let log: GestureLog
      var body: some View {
        Color.blue.frame(width: 300, height: 200)
          .gesture(
            LongPressGesture(minimumDuration: 0.3).onEnded { _ in log.entries.append("pressed") }
              .simultaneously(with: DragGesture(minimumDistance: 20).onEnded { _ in log.entries.append("dragged") })
              .onEnded { value in
                log.entries.append(
                  "both: \(value.first ?? false) \(value.second.map { Int($0.translation.width) } ?? -1)")
              })
      }
    }
    let (test, _) = host(Both(log: log))
    // Held, then dragged: both succeed.
    test.press(at: Point(x: 100, y: 150))
    test.hold(0.4)
    test.move(to: Point(x: 140, y: 150))
    test.release()
    test.settle()
    #expect(log.entries == ["pressed", "dragged", "both: true 40"])
    // Dragged at once: the press fails, the drag alone succeeds.
    log.entries = []
    test.press(at: Point(x: 100, y: 150))
    test.move(to: Point(x: 150, y: 150))
    test.release()
    test.settle()
    #expect(log.entries == ["dragged", "both: false 50"])
    // A quick tap: neither.
    log.entries = []
    test.tap(at: Point(x: 100, y: 150))
    test.settle()
    #expect(log.entries.isEmpty)
  }

  @Test func aGestureOfYourOwnIsItsBodysGesture() throws {
    struct Swipe: Gesture {
      var body: some Gesture<DragGesture.Value> { DragGesture(minimumDistance: 20) }
    }
    var ended: [CGSize] = []
    struct Probe: View {
      let record: @MainActor (CGSize) -> Void
      var body: some View {
        Color.red.frame(width: 300, height: 200).gesture(Swipe().onEnded { record($0.translation) })
      }
    }
    let (test, _) = host(Probe { ended.append($0) })
    test.press(at: Point(x: 100, y: 150))
    test.move(to: Point(x: 100, y: 100))
    test.release()
    #expect(ended == [CGSize(width: 0, height: -50)])
  }
}

extension GestureTests {
  static func hostElsewhere<V: View>(_ view: V) -> (TestWindow, HostingView<V>) {
    host(view, size: Size(width: 100, height: 100))
  }
}

@MainActor
struct EffectTests {
  @Test func anOffsetMovesTheDrawingAndTheTapsButNotTheLayout() throws {
    let log = GestureLog()
    struct Offset: View {
      let log: GestureLog
      var body: some View {
        VStack(spacing: 0) {
          Text("moved").frame(width: 100, height: 40).onTapGesture { log.entries.append("moved") }
            .offset(x: 150, y: 10)
          Text("below").frame(width: 100, height: 40)
        }
        // The stack fills the window: a view takes taps where its container reaches.
        .frame(maxWidth: .infinity, maxHeight: .infinity)
      }
    }
    let (test, host) = host(Offset(log: log), size: Size(width: 400, height: 300))
    let moved = try #require(host.find(text: "moved"))
    let below = try #require(host.find(text: "below"))
    // The stack lays them out as if nothing moved: "below" right under where "moved" was.
    #expect(moved.center.x == below.center.x + 150)
    #expect(moved.center.y == below.center.y - 40 + 10)
    test.tap(at: moved.center)
    test.settle()
    #expect(log.entries == ["moved"])
    // NaN and infinite offsets count as none.
    let (_, other) = GestureTests.hostElsewhere(Text("n").offset(x: .nan, y: .infinity))
    #expect(try #require(other.find(text: "n")).frameInWindow.minY.isFinite)
  }

  @Test func contentMovedOutsideAClipTakesNoTaps() throws {
    let log = GestureLog()
    struct Clipped: View {
      let log: GestureLog
      var body: some View {
        Text("moved").frame(width: 100, height: 40).onTapGesture { log.entries.append("moved") }
          .offset(x: 150).cornerRadius(4)
          .frame(maxWidth: .infinity, maxHeight: .infinity)
      }
    }
    let (test, host) = host(Clipped(log: log), size: Size(width: 400, height: 300))
    let moved = try #require(host.find(text: "moved"))
    test.tap(at: moved.center)
    test.settle()
    #expect(log.entries.isEmpty)
  }

  @Test func scaleAndRotationTransformTheViewAboutTheirAnchorAndKeepTheLayout() throws {
    let (_, host) = host(
      VStack(spacing: 0) {
        Color.red.frame(width: 100, height: 50).scaleEffect(2).accessibilityIdentifier("scaled")
        Color.blue.frame(width: 100, height: 50).scaleEffect(x: 2, y: 1, anchor: .topLeading)
          .accessibilityIdentifier("anchored")
        Color.green.frame(width: 100, height: 50).rotationEffect(.degrees(90)).accessibilityIdentifier("turned")
        Color.gray.frame(width: 100, height: 50).scaleEffect(.nan).accessibilityIdentifier("nan")
      }, size: Size(width: 400, height: 400))
    let scaled = try #require(host.find(identifier: "scaled"))
    let anchored = try #require(host.find(identifier: "anchored"))
    let turned = try #require(host.find(identifier: "turned"))
    let nan = try #require(host.find(identifier: "nan"))
    // Stack: four rows of 50 from y = 100, centred across a width of 400.
    #expect(scaled.frameInWindow == Rect(x: 100, y: 75, width: 200, height: 100))
    #expect(anchored.frameInWindow == Rect(x: 150, y: 150, width: 200, height: 50))
    let box = turned.frameInWindow
    #expect(abs(box.width - 50) < 0.001 && abs(box.height - 100) < 0.001)
    #expect(abs(box.midX - 200) < 0.001 && abs(box.midY - 225) < 0.001)
    #expect(nan.frameInWindow == Rect(x: 150, y: 250, width: 100, height: 50))
  }

  @Test func aHiddenViewKeepsItsPlaceAndTakesNoTaps() throws {
    let log = GestureLog()
    struct Hidden: View {
      let log: GestureLog
      var body: some View {
        VStack(spacing: 0) {
          Text("hidden").frame(width: 100, height: 40).onTapGesture { log.entries.append("hidden") }.hidden()
          Text("shown").frame(width: 100, height: 40)
        }
      }
    }
    let (test, host) = host(Hidden(log: log), size: Size(width: 400, height: 300))
    let hidden = try #require(host.find(text: "hidden"))
    let shown = try #require(host.find(text: "shown"))
    #expect(shown.center.y == hidden.center.y + 40)
    test.tap(at: hidden.center)
    test.settle()
    #expect(log.entries.isEmpty)
    #expect(host.tree.contains("Hidden"))
  }

  @Test func aNewIdMakesTheViewAnewWithFreshState() throws {
    struct Counter: View {
      @State var count = 0
      var body: some View { Text("count \(count)").onTapGesture { count += 1 } }
    }
    struct Screen: View {
      @State var generation = 0
      var body: some View {
        VStack {
          Counter().id(generation)
          Text("reset").onTapGesture { generation += 1 }
        }
      }
    }
    let (test, host) = host(Screen())
    test.tap(at: try #require(host.find(text: "count 0")).center)
    test.settle()
    test.tap(at: try #require(host.find(text: "count 1")).center)
    test.settle()
    #expect(host.find(text: "count 2") != nil)
    test.tap(at: try #require(host.find(text: "reset")).center)
    test.settle()
    #expect(host.find(text: "count 0") != nil)
  }

  @Test func aLineLimitCapsTheLinesAndFixedSizeKeepsTheIdealSize() throws {
    let long = "one two three four five six seven eight nine ten eleven twelve"
    let (_, host) = host(
      VStack(spacing: 0) {
        Text(long).frame(width: 80).accessibilityIdentifier("free")
        Text(long).lineLimit(2).frame(width: 80).accessibilityIdentifier("two")
        Text(long).lineLimit(0).frame(width: 80).accessibilityIdentifier("zero")
        Text("wide text").fixedSize().frame(width: 20).accessibilityIdentifier("fixed")
      }, size: Size(width: 400, height: 800))
    let free = try #require(host.find(identifier: "free")).frameInWindow
    let two = try #require(host.find(identifier: "two")).frameInWindow
    let zero = try #require(host.find(identifier: "zero")).frameInWindow
    let line = zero.height
    #expect(free.height > 2 * line)
    #expect(two.height == 2 * line)
    // A limit under one counts as one.
    #expect(line > 0)
    #expect(two.height < free.height)
    let fixed = try #require(host.find(text: "wide text")).frameInWindow
    #expect(fixed.width > 20)
    #expect(fixed.height == line)
  }
}
