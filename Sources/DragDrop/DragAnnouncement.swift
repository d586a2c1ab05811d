import Foundation

/// What a drag says to assistive technology at each step, before it becomes words.
///
/// The engine describes each step with a value; ``DragAnnouncementText`` turns it into a
/// sentence in the user's language, and `Announcer` speaks it. Names come from the views'
/// accessibility labels (an item's `View.keyboardFocusLabel` or `View.accessibilityLabel`,
/// or its provider's suggested name; a target view's accessibility label).
public enum DragAnnouncement: Hashable, Sendable {
  /// What travels: one item by name, or a count.
  public enum Items: Hashable, Sendable {
    /// One item, by its name.
    case named(String)
    /// Several items, or items without names: how many.
    case count(Int)
  }

  /// Items were lifted.
  case pickedUp(Items)
  /// The drag is over a target, at a position of a list when the target has several.
  /// `canDrop` is false when the target would not take the items there.
  case over(target: String?, position: Int?, of: Int?, canDrop: Bool)
  /// The keys found nowhere the items can go.
  case noTargets
  /// The items were dropped with `operation` (copy or move).
  case dropped(Items, operation: DropOperation, target: String?, position: Int?)
  /// The drag was cancelled; the items are back where they were.
  case cancelled(Items)
  /// `count` items were added to the drag, which now carries `total`.
  case added(count: Int, total: Int)
  /// Nothing under the drag could be added to it.
  case nothingToAdd
  /// The keyboard focus is on `item`, at `position` of `count` in its list, selected or
  /// not. Not a step of a drag: what a screen reader says as the focus moves.
  case focused(item: String?, position: Int?, of: Int?, isSelected: Bool)
}

/// Turns each ``DragAnnouncement`` into a sentence. The standard text is DragDrop's own
/// tables (English and Japanese), in the process's preferred language. Replace it in
/// `WindowEnvironment.announcements` to reword or translate, with a closure or with an
/// app's own localized string table (``strings(in:table:)``).
public struct DragAnnouncementText: Sendable {
  /// Makes the sentence for one announcement.
  public var sentence: @Sendable (DragAnnouncement) -> String {
    didSet { identity = Identity() }
  }

  /// Made anew with each `sentence`: a cache of sentences made by one text compares it.
  package private(set) var identity = Identity()

  /// Who made a text's sentences.
  package final class Identity: Sendable {}

  /// Sentences made by `sentence`.
  public init(sentence: @escaping @Sendable (DragAnnouncement) -> String) {
    self.sentence = sentence
  }

  /// DragDrop's own sentences in the process's preferred language: English or Japanese
  /// ship with it; other languages get English.
  public static var standard: DragAnnouncementText {
    let preferred = Locale.preferredLanguages.lazy.compactMap { language in
      DragAnnouncementTables.byLanguage.keys.first { language.lowercased().hasPrefix($0) }
    }.first
    return standard(language: preferred ?? "en")
  }

  /// DragDrop's own sentences in `language` (a code such as `"ja"`), whatever the process's
  /// preferred language; English when DragDrop has no table for it.
  public static func standard(language: String) -> DragAnnouncementText {
    let table = DragAnnouncementTables.byLanguage[language] ?? DragAnnouncementTables.english
    return DragAnnouncementText { $0.sentence { key in table[key] ?? DragAnnouncementTables.english[key] ?? key } }
  }

  /// The sentences of the string table `table` in `bundle`, a localized
  /// `DragAnnouncements.strings` with the keys of DragDrop's own tables (`pickedUp`,
  /// `over.position`, …); a key the table lacks falls back to DragDrop's English.
  /// Placeholders in braces are filled: `{items}`, `{count}`, `{added}`, `{item}`,
  /// `{target}`, `{position}`, `{positions}`.
  public static func strings(in bundle: Bundle, table: String = "DragAnnouncements") -> DragAnnouncementText {
    DragAnnouncementText { announcement in
      announcement.sentence { key in
        bundle.localizedString(forKey: key, value: DragAnnouncementTables.english[key] ?? key, table: table)
      }
    }
  }
}

extension DragAnnouncement {
  /// `template` with each `{name}` that `values` names replaced by its value, in one pass:
  /// a value is never searched again, so an item called `{count}` stays as it is. A name
  /// that `values` lacks, and an unclosed brace, stay as written.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
    var result = ""
    result.reserveCapacity(template.utf8.count + 32)
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      rest = rest[open...]
      guard let close = rest.firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      if let value = values[String(name)] { result += value } else { result += rest[open...close] }
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
  }

  /// The sentence, with each key's template from `template`.
  func sentence(_ template: (String) -> String) -> String {
    func fill(_ key: String, _ values: [String: String]) -> String {
      Self.fill(template(key), values)
    }
    func items(_ items: Items) -> String {
      switch items {
      case .named(let name): name
      case .count(let count): fill(count == 1 ? "items.one" : "items.several", ["count": "\(count)"])
      }
    }
    switch self {
    case .pickedUp(let what):
      return fill("pickedUp", ["items": items(what)])
    case .over(let target, let position, let count, let canDrop):
      var text: String
      switch (target, position, count) {
      case (let target?, let position?, let count?):
        text = fill("over.position", ["target": target, "position": "\(position)", "positions": "\(count)"])
      case (let target?, _, _):
        text = fill("over", ["target": target])
      case (nil, let position?, let count?):
        text = fill("over.unnamed.position", ["position": "\(position)", "positions": "\(count)"])
      case (nil, _, _):
        text = fill("over.unnamed", [:])
      }
      if !canDrop { text += fill("cannotDrop", [:]) }
      return text
    case .noTargets:
      return fill("noTargets", [:])
    case .dropped(let what, let operation, let target, let position):
      let verb = operation == .copy ? "copied" : "dropped"
      let values = ["items": items(what), "target": target ?? "", "position": position.map { "\($0)" } ?? ""]
      switch (target, position) {
      case (_?, _?): return fill("\(verb).position", values)
      case (_?, nil): return fill(verb, values)
      case (nil, _): return fill("\(verb).unnamed", values)
      }
    case .added(let count, let total):
      return fill("added", ["added": items(.count(count)), "items": items(.count(total))])
    case .nothingToAdd:
      return fill("nothingToAdd", [:])
    case .focused(let item, let position, let count, let isSelected):
      var values = ["item": item ?? fill("focused.unnamed", [:])]
      var key = "focused"
      if let position, let count {
        key = "focused.position"
        values["position"] = "\(position)"
        values["positions"] = "\(count)"
      }
      return fill(key, values) + (isSelected ? fill("selected", [:]) : "")
    case .cancelled(let what):
      if case .count(let count) = what, count != 1 {
        return fill("cancelled.several", ["items": items(what)])
      }
      return fill("cancelled", ["items": items(what)])
    }
  }
}

/// Where the window environment keeps its ``DragAnnouncementText``.
enum DragAnnouncementsKey: WindowEnvironmentKey {
  /// Made once: the process's preferred languages are read at the first announcement.
  static let defaultValue = DragAnnouncementText.standard
}

extension WindowEnvironment {
  /// The sentences drags announce to assistive technology, in the user's language.
  public var announcements: DragAnnouncementText {
    get { self[DragAnnouncementsKey.self] }
    set { self[DragAnnouncementsKey.self] = newValue }
  }
}
