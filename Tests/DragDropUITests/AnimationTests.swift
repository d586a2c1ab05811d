import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropUI

/// withAnimation and .animation(_:value:): views glide to their new frames, new views fade
/// in and removed ones fade out, on the window's clock.
@MainActor
@Suite struct AnimationTests {
  struct Box: View {
    var wide: Bool
    var showsBadge = false
    var body: some View {
      VStack(spacing: 0) {
        Color.blue.frame(width: wide ? 200 : 100, height: 40)
        if showsBadge { Text("badge") }
      }
    }
  }

  @Test("A change inside withAnimation glides the view from its old frame to its new one on the clock")
  func glides() throws {
    let (test, host) = host(Box(wide: false))
    let view = try #require(findView(named: "Frame", in: host))
    let before = view.convert(view.bounds, to: host)
    withAnimation(.linear(duration: 1)) { host.rootView = Box(wide: true) }
    host.layoutIfNeeded()
    #expect(view.convert(view.bounds, to: host) == before)
    test.hold(0.5)
    // Halfway, give or take the last frame of the 60-a-second clock; the stack around it
    // glides too, keeping it centred.
    let halfway = view.convert(view.bounds, to: host)
    #expect(abs(halfway.width - 150) <= 2, "\(halfway)")
    #expect(abs(halfway.minX - (before.minX - 25)) <= 1, "\(halfway)")
    test.hold(0.6)
    #expect(view.frame.width == 200)
    #expect(!host.graph.animator.isAnimating)
  }

  @Test("Without withAnimation the view moves at once")
  func immediate() throws {
    let (_, host) = host(Box(wide: false))
    host.rootView = Box(wide: true)
    host.layoutIfNeeded()
    #expect(try #require(findView(named: "Frame", in: host)).frame.width == 200)
    #expect(!host.graph.animator.isAnimating)
  }

  @Test("An inserted view fades in, and a removed one fades out where it was")
  func transitions() throws {
    let (test, host) = host(Box(wide: false))
    withAnimation(.linear(duration: 1)) { host.rootView = Box(wide: false, showsBadge: true) }
    host.layoutIfNeeded()
    let badge = try #require(find("text=\"badge\"", in: host))
    #expect(badge.alpha == 0)
    test.hold(0.5)
    #expect(abs(badge.alpha - 0.5) <= 0.03)
    test.hold(0.6)
    #expect(badge.alpha == 1)
    withAnimation(.linear(duration: 1)) { host.rootView = Box(wide: false, showsBadge: false) }
    host.layoutIfNeeded()
    #expect(badge.superview == nil)
    let ghost = try #require(find("FadingGhost", in: host))
    test.hold(0.5)
    #expect(abs(ghost.alpha - 0.5) <= 0.03)
    test.hold(0.6)
    #expect(ghost.superview == nil)
  }

  @Test(".animation(_:value:) animates the changes inside when the value changes, and only then")
  func animationForValue() throws {
    struct Panel: View {
      var wide: Bool
      var body: some View {
        Color.blue.frame(width: wide ? 200 : 100, height: 40).animation(.linear(duration: 1), value: wide)
      }
    }
    let (test, host) = host(VStack { Panel(wide: false) })
    host.rootView = VStack { Panel(wide: true) }
    host.layoutIfNeeded()
    let view = try #require(findView(named: "Frame", in: host))
    #expect(view.frame.width == 100)
    test.hold(0.5)
    #expect(abs(view.frame.width - 150) <= 2)
    test.settle()
    #expect(view.frame.width == 200)
  }

  @Test("An opacity change fades under an animation")
  func opacity() throws {
    struct Fading: View {
      var visible: Bool
      var body: some View { Color.red.frame(width: 50, height: 50).opacity(visible ? 1 : 0) }
    }
    let (test, host) = host(Fading(visible: true))
    withAnimation(.linear(duration: 1)) { host.rootView = Fading(visible: false) }
    host.layoutIfNeeded()
    let view = try #require(findView(named: "Opacity", in: host))
    #expect(view.alpha == 1)
    test.hold(0.5)
    #expect(abs(view.alpha - 0.5) <= 0.03)
    test.settle()
    #expect(view.alpha == 0)
  }

  @Test("A button's withAnimation runs to the end on settle")
  func fromAButton() throws {
    struct Toggling: View {
      @State var wide = false
      var body: some View {
        VStack {
          Color.blue.frame(width: wide ? 200 : 100, height: 40)
          Button("Toggle") { withAnimation(.easeInOut) { wide.toggle() } }
        }
      }
    }
    let (test, host) = host(Toggling())
    let button = try #require(findView(named: "Button", in: host))
    test.tap(at: center(of: button, in: test))
    host.update()
    #expect(host.graph.animator.isAnimating)
    test.settle()
    #expect(try #require(findView(named: "Frame", in: host)).frame.width == 200)
    #expect(!host.graph.animator.isAnimating)
  }

  @Test("Curves start at 0 and end at 1; a bouncy spring passes 1; bad numbers are clamped")
  func curves() {
    for animation in [Animation.linear, .easeIn, .easeOut, .easeInOut, .default, .spring, .bouncy, .snappy] {
      #expect(animation.progress(at: 0) == 0 || abs(animation.progress(at: 0)) < 1e-9)
      #expect(animation.progress(at: animation.totalDuration) == 1)
    }
    #expect(Animation.linear(duration: 2).progress(at: 1) == 0.5)
    #expect(abs(Animation.easeInOut(duration: 1).progress(at: 0.5) - 0.5) < 1e-9)
    let bouncy = Animation.bouncy
    let peak = stride(from: 0.0, through: bouncy.totalDuration, by: 0.01).map { bouncy.progress(at: $0) }.max() ?? 0
    #expect(peak > 1.01)
    #expect(Animation.linear(duration: .nan).totalDuration == 0.35)
    #expect(Animation.linear(duration: 1).delay(-1).totalDuration == 1)
    #expect(Animation.linear(duration: 1).speed(2).totalDuration == 0.5)
    #expect(Animation.linear(duration: 1).speed(.infinity).totalDuration == 1)
    #expect(Animation.spring(response: -1, dampingFraction: .nan).totalDuration > 0)
  }
}
