import DragDropTesting
import Foundation
import TestSupport
import Testing

import class Views.RecordingAnnouncer

@testable import DragDropUI

@MainActor
@Suite("Toggle, Picker, Stepper, Slider and ProgressView")
struct ControlsTests {
  final class Log {
    var entries: [String] = []
  }

  struct Settings: View {
    @State var on = false
    @State var mode = "A"
    @State var count = 1
    let style: PickerKind
    let log: Log

    var body: some View {
      VStack(spacing: 12) {
        DragDropUI.Toggle("Wi-Fi", isOn: $on)
        picker
        Stepper(
          "Count \(count)", value: $count, in: 0...2, onEditingChanged: { log.entries.append("editing \($0)") })
        Text("on=\(on) mode=\(mode) count=\(count)")
      }
      .frame(width: 300)
    }

    @ViewBuilder var picker: some View {
      let picker = Picker("Mode", selection: $mode) {
        ForEach(["A", "B", "C"], id: \.self) { Text("Mode \($0)").tag($0) }
      }
      switch style {
      case .segmented: picker.pickerStyle(.segmented)
      case .inline: picker.pickerStyle(.inline)
      case .menu: picker
      }
    }
  }

  @Test("A toggle flips on a tap and on Space; it reads as a selected toggle button")
  func toggle() throws {
    let (test, host) = host(Settings(style: .segmented, log: Log()), size: Size(width: 400, height: 400))
    let wifi = try #require(host.find(text: "Wi-Fi"))
    test.tap(at: wifi.center)
    test.settle()
    #expect(host.find(text: "on=true mode=A count=1") != nil)
    let control = try #require(findControl(labelled: "Wi-Fi", in: host))
    #expect(control.accessibilityTraits.contains(.selected) && control.accessibilityValue == "1")
    test.window.focus(control)
    test.key(.space)
    test.settle()
    #expect(host.find(text: "on=false mode=A count=1") != nil)
    #expect(control.accessibilityValue == "0" && !control.accessibilityTraits.contains(.selected))
  }

  @Test("A screen reader hears a focused toggle as on or off, again as it flips, and a segment as selected")
  func spokenValues() throws {
    let (test, host) = host(Settings(style: .segmented, log: Log()), size: Size(width: 400, height: 400))
    let announcer = RecordingAnnouncer()
    test.window.announcer = announcer
    let wifi = try #require(findControl(labelled: "Wi-Fi", in: host))
    test.window.focus(wifi)
    test.key(.space)
    test.settle()
    #expect(announcer.focusDescriptions.map(\.text) == ["Wi-Fi, off", "Wi-Fi, on"])
    #expect(announcer.isFocusSelected)
    let a = try #require(findControl(labelled: "Mode A", in: host))
    let b = try #require(findControl(labelled: "Mode B", in: host))
    test.window.focus(a)
    test.window.focus(b)
    #expect(Array(announcer.focusDescriptions.map(\.text).suffix(2)) == ["Mode A, selected", "Mode B"])
    #expect(!announcer.isFocusSelected)
  }

  @Test("A segmented picker selects the tag of the segment tapped; the others are not selected")
  func segmented() throws {
    let (test, host) = host(Settings(style: .segmented, log: Log()), size: Size(width: 400, height: 400))
    let b = try #require(host.find(text: "Mode B"))
    let a = try #require(host.find(text: "Mode A"))
    #expect(b.center.y == a.center.y && b.center.x > a.center.x)
    test.tap(at: b.center)
    test.settle()
    #expect(host.find(text: "on=false mode=B count=1") != nil)
    // A segment is a choice: selected or not, with no on-or-off value.
    #expect(findControl(labelled: "Mode B", in: host)?.accessibilityTraits.contains(.selected) == true)
    #expect(findControl(labelled: "Mode A", in: host)?.accessibilityTraits.contains(.selected) == false)
    #expect(findControl(labelled: "Mode B", in: host)?.accessibilityValue == nil)
  }

  @Test("A menu picker shows the selection; its menu lists every choice, and choosing one closes it")
  func menuPicker() throws {
    let (test, host) = host(Settings(style: .menu, log: Log()), size: Size(width: 400, height: 400))
    #expect(host.find(text: "Mode A") != nil && host.find(text: "Mode B") == nil)
    test.tap(at: try #require(host.find(text: "Mode A")).center)
    test.settle()
    #expect(host.findAll(text: "Mode A").count == 2 && host.find(text: "Mode C") != nil)
    test.tap(at: try #require(host.find(text: "Mode C")).center)
    test.settle()
    #expect(host.find(text: "on=false mode=C count=1") != nil)
    #expect(host.findAll(text: "Mode C").count == 1 && host.find(text: "Mode A") == nil)
  }

  @Test("An inline picker lists the choices one under another")
  func inlinePicker() throws {
    let (test, host) = host(Settings(style: .inline, log: Log()), size: Size(width: 400, height: 500))
    let a = try #require(host.find(text: "Mode A"))
    let c = try #require(host.find(text: "Mode C"))
    #expect(c.center.y > a.center.y && c.center.x == a.center.x)
    test.tap(at: c.center)
    test.settle()
    #expect(host.find(text: "on=false mode=C count=1") != nil)
  }

  @Test("A stepper stops at its range's ends, where that button is disabled, and reports editing")
  func stepper() throws {
    let log = Log()
    let (test, host) = host(Settings(style: .segmented, log: log), size: Size(width: 400, height: 400))
    let plus = try #require(host.find(label: "Increment"))
    for _ in 0..<3 {
      test.tap(at: plus.center)
      test.settle()
    }
    #expect(host.find(text: "on=false mode=A count=2") != nil)
    #expect(log.entries == ["editing true", "editing false"])
    let minus = try #require(host.find(label: "Decrement"))
    for _ in 0..<4 {
      test.tap(at: minus.center)
      test.settle()
    }
    #expect(host.find(text: "on=false mode=A count=0") != nil)
    #expect(log.entries.count == 6)
  }

  struct Gain: View {
    @State var gain: Double
    let step: Double
    var body: some View {
      Stepper("Gain \(gain)", value: $gain, in: 0...10, step: step)
    }
  }

  @Test("A stepper with a NaN step or value moves nothing; a value outside the range steps from its end")
  func stepperBadInput() throws {
    for (gain, step) in [(5.0, Double.nan), (Double.nan, 1.0)] {
      let (test, host) = host(Gain(gain: gain, step: step), size: Size(width: 300, height: 100))
      test.tap(at: try #require(host.find(label: "Increment")).center)
      test.settle()
      #expect(host.find(text: "Gain \(gain)") != nil, "\(host.tree)")
    }
    let (test, host) = host(Gain(gain: 50, step: 1), size: Size(width: 300, height: 100))
    test.tap(at: try #require(host.find(label: "Decrement")).center)
    test.settle()
    #expect(host.find(text: "Gain 9.0") != nil, "\(host.tree)")
  }

  struct Volume: View {
    @State var level: Double
    let range: ClosedRange<Double>
    let step: Double?

    var body: some View {
      VStack {
        if let step {
          Slider(value: $level, in: range, step: step)
        } else {
          Slider(value: $level, in: range)
        }
        Text("level \(level)")
      }
      .frame(width: 228)
    }
  }

  @Test("A slider follows a drag along its track, and the arrow keys by its step")
  func slider() throws {
    let (test, host) = host(Volume(level: 0, range: 0...100, step: nil), size: Size(width: 400, height: 300))
    let slider = try #require(findSlider(in: host))
    let frame = slider.convert(slider.bounds, to: test.window)
    // The thumb's centre travels from 14 points inside one end to 14 inside the other.
    test.pointerDrag(
      from: Point(x: frame.minX + 14, y: frame.midY), through: [Point(x: frame.minX + 14 + 150, y: frame.midY)])
    test.settle()
    #expect(host.find(text: "level 75.0") != nil, "\(host.tree)")
    test.window.focus(slider)
    test.key(.right)
    test.settle()
    #expect(host.find(text: "level 85.0") != nil)
    // A tap on the track puts the thumb there.
    test.tap(at: Point(x: frame.minX + 14 + 50, y: frame.midY))
    test.settle()
    #expect(host.find(text: "level 25.0") != nil, "\(host.tree)")
    test.key(.right)
    test.settle()
    #expect(host.find(text: "level 35.0") != nil)
    test.key(.end)
    test.key(.right)
    test.settle()
    #expect(host.find(text: "level 100.0") != nil)
    #expect(slider.accessibilityValue == "100%" && slider.accessibilityTraits.contains(.adjustable))
  }

  @Test("A slider's step rounds the value; bad bounds and values are clamped, never NaN")
  func sliderBadInput() throws {
    let (test, host) = host(Volume(level: 33, range: 0...100, step: 25), size: Size(width: 400, height: 300))
    let slider = try #require(findSlider(in: host))
    test.window.focus(slider)
    test.key(.right)
    test.settle()
    #expect(host.find(text: "level 50.0") != nil)

    let (_, nan) = self.host(
      Volume(level: .nan, range: -Double.infinity...Double.infinity, step: -1), size: Size(width: 400, height: 300))
    let bad = try #require(findSlider(in: nan))
    #expect(bad.value == 0 && bad.range == 0...1 && bad.step == nil)
  }

  @Test("A progress bar clamps its fraction; NaN, infinite and a total of zero show an empty bar")
  func progressBadInput() {
    #expect(ProgressView<EmptyView>.fraction(5, of: 10) == 0.5)
    #expect(ProgressView<EmptyView>.fraction(20, of: 10) == 1)
    #expect(ProgressView<EmptyView>.fraction(-3, of: 10) == 0)
    #expect(ProgressView<EmptyView>.fraction(.nan, of: 10) == 0)
    #expect(ProgressView<EmptyView>.fraction(5, of: 0) == 0)
    #expect(ProgressView<EmptyView>.fraction(5, of: .infinity) == 0)
    let (_, host) = host(
      VStack {
        ProgressView(value: 0.25)
        ProgressView("Copying", value: 3.0, total: 4.0)
        ProgressView()
      }.frame(width: 200), size: Size(width: 300, height: 200))
    #expect(host.tree.contains("progress=0.25") && host.tree.contains("progress=0.75"), "\(host.tree)")
    #expect(host.tree.contains("Spinner") && host.find(text: "Copying") != nil)
  }

  @Test("position centres the view at its point; NaN and infinite coordinates count as 0")
  func position() {
    let (_, host) = host(
      ZStack {
        Text("A").frame(width: 20, height: 10).position(x: 50, y: 40)
        Text("B").frame(width: 20, height: 10).position(CGPoint(x: Double.nan, y: .infinity))
      }.frame(width: 200, height: 100), size: Size(width: 200, height: 100))
    let a = host.find(text: "A")!.frameInWindow
    let b = host.find(text: "B")!.frameInWindow
    #expect(a.midX == 50 && a.midY == 40, "\(a)")
    #expect(b.midX == 0 && b.midY == 0, "\(b)")
  }

  func findControl(labelled label: String, in host: HostingView<some View>) -> ButtonControl? {
    firstEngineView(ButtonControl.self, under: host) { $0.accessibilityLabel == label }
  }

  func findSlider(in host: HostingView<some View>) -> SliderControl? {
    firstEngineView(SliderControl.self, under: host)
  }

  func host<V: View>(_ view: V, size: Size) -> (TestWindow, HostingView<V>) {
    let made = DragDropUITests.host(view, size: size)
    made.0.recorder.stopChecking()
    return made
  }
}
