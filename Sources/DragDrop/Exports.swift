// What the engine's API is written in: content types, item providers, and the views.
@_exported import ContentTypes
@_exported import ItemProviders
@_exported import Views
