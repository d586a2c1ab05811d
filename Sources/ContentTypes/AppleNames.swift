// UniformTypeIdentifiers' name for ``ContentType``, as code written for Apple's systems
// spells it. Foundation on Linux has no such framework, so this is the only one.

/// UniformTypeIdentifiers' name for ``ContentType``.
public typealias UTType = ContentType
