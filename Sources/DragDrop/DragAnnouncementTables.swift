/// The sentences DragDrop ships, one table per language, keyed as a `.strings` table for
/// ``DragAnnouncementText/strings(in:table:)`` would be. Placeholders in braces are filled in.
/// They are compiled in, so that no resource bundle has to be found at run time.
enum DragAnnouncementTables {
  /// English.
  static let english: [String: String] = [
    "items.one": "1 item",
    "items.several": "{count} items",
    "pickedUp": "Picked up {items}.",
    "over": "Over {target}.",
    "over.position": "Over {target}, position {position} of {positions}.",
    "over.unnamed": "Over a drop target.",
    "over.unnamed.position": "Position {position} of {positions}.",
    "cannotDrop": " Can't drop here.",
    "noTargets": "No drop targets.",
    "dropped": "Dropped {items} into {target}.",
    "dropped.position": "Dropped {items} into {target} at position {position}.",
    "dropped.unnamed": "Dropped {items}.",
    "copied": "Copied {items} into {target}.",
    "copied.position": "Copied {items} into {target} at position {position}.",
    "copied.unnamed": "Copied {items}.",
    "cancelled": "Cancelled. {items} is back in place.",
    "cancelled.several": "Cancelled. {items} are back in place.",
    "added": "Added {added}. Carrying {items}.",
    "nothingToAdd": "Nothing to add here.",
    "focused": "{item}.",
    "focused.position": "{item}, {position} of {positions}.",
    "focused.unnamed": "Item",
    "selected": " Selected.",
  ]

  /// Japanese (日本語).
  static let japanese: [String: String] = [
    "items.one": "1 項目",
    "items.several": "{count} 項目",
    "pickedUp": "{items}を持ち上げました。",
    "over": "{target}の上。",
    "over.position": "{target}の上、{positions} 中 {position} 番目。",
    "over.unnamed": "ドロップ先の上。",
    "over.unnamed.position": "{positions} 中 {position} 番目。",
    "cannotDrop": "ここにはドロップできません。",
    "noTargets": "ドロップ先がありません。",
    "dropped": "{items}を{target}にドロップしました。",
    "dropped.position": "{items}を{target}の {position} 番目にドロップしました。",
    "dropped.unnamed": "{items}をドロップしました。",
    "copied": "{items}を{target}にコピーしました。",
    "copied.position": "{items}を{target}の {position} 番目にコピーしました。",
    "copied.unnamed": "{items}をコピーしました。",
    "cancelled": "キャンセルしました。{items}は元の場所に戻りました。",
    "cancelled.several": "キャンセルしました。{items}は元の場所に戻りました。",
    "added": "{added}を追加しました。全部で{items}。",
    "nothingToAdd": "ここには追加できるものがありません。",
    "focused": "{item}。",
    "focused.position": "{item}、{positions} 中 {position} 番目。",
    "focused.unnamed": "項目",
    "selected": "選択済み。",
  ]

  /// The tables by language code.
  static let byLanguage: [String: [String: String]] = ["en": english, "ja": japanese]
}
