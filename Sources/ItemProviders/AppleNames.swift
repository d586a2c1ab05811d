// Foundation's names for the item provider types, as code written for UIKit, AppKit and
// SwiftUI spells them. Foundation on Linux has none of them, so these are the only ones.

/// Foundation's name for ``ItemProvider``.
public typealias NSItemProvider = ItemProvider
/// Foundation's name for ``ItemProviderReading``.
public typealias NSItemProviderReading = ItemProviderReading
/// Foundation's name for ``ItemProviderWriting``.
public typealias NSItemProviderWriting = ItemProviderWriting
