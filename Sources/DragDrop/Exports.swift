@_exported import ContentTypes
@_exported import ItemProviders
