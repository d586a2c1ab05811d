import DragDropTesting
import Foundation
import Testing

import class Views.RecordingAnnouncer

@testable import DragDropUI

@MainActor
struct AccessibilityModifierTests {
  @Test(
    "A screen reader hears a focused button's label, value and hint, in that order; traits are added and taken away")
  func hintValueAndTraits() throws {
    struct Rating: View {
      var body: some View {
        VStack {
          Button("Rate") {}
            .accessibilityValue("3 stars")
            .accessibilityHint("Adds a star")
            .accessibilityAddTraits(.isHeader)
            .accessibilityRemoveTraits(.isButton)
          Text("plain").accessibilityLabel("Plain").accessibilityHint("")
        }
      }
    }
    let (test, host) = DragDropUITests.host(Rating(), size: Size(width: 300, height: 200))
    let announcer = RecordingAnnouncer()
    test.window.announcer = announcer
    let button = try #require(host.find(label: "Rate")).view
    #expect(button.accessibilityTraits.contains(.header))
    #expect(!button.accessibilityTraits.contains(.button))
    test.window.focus(button)
    test.settle()
    #expect(announcer.focusDescriptions.map(\.text) == ["Rate, 3 stars, Adds a star"])
    // An empty hint adds nothing.
    let plain = try #require(host.find(label: "Plain")).view
    #expect(plain.accessibilityHint == "")
  }

  @Test("A list style and an ignored safe area are kept and lay out as before")
  func listStyleAndSafeArea() throws {
    struct Styled: View {
      @Environment(\.listStyle) var style
      var body: some View {
        VStack(spacing: 0) {
          Text(style is InsetGroupedListStyle ? "inset grouped" : "other")
          Text("edge").ignoresSafeArea().edgesIgnoringSafeArea(.all)
        }
      }
    }
    let (_, host) = DragDropUITests.host(Styled().listStyle(.insetGrouped), size: Size(width: 300, height: 200))
    #expect(host.find(text: "inset grouped") != nil)
    let (_, plain) = DragDropUITests.host(Styled(), size: Size(width: 300, height: 200))
    #expect(plain.find(text: "other") != nil)
    #expect(host.find(text: "edge")?.frameInWindow == plain.find(text: "edge")?.frameInWindow)
  }
}
