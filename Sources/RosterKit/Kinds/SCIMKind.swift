import Directory
import DirectorySCIM
import FoundationEssentials
import SharedSupport

extension DirectoryKind {
  /// A SCIM 2.0 service, read a window at a time: a scim+https:// base URL
  /// (scim+http:// only on this machine) and a bearer token.
  public static var scim: DirectoryKind {
    DirectoryKind(
      id: "scim", title: "SCIM", schemes: ["scim+http", "scim+https"], isServer: true,
      isFile: false, secret: .bearerToken,
      fields: [
        FieldRow(.location, tr("Base URL"), placeholder: "scim+https://example.org/scim/v2"),
        FieldRow(.secret, tr("Token")),
      ],
      validate: { directory in
        guard DirectoryKind.scim.names(directory.location) else {
          return [.location: tr("Enter a scim+https:// (or scim+http:// on this machine) URL")]
        }
        return [:]
      },
      argument: { $0.location.trimmed },
      open: { location, secret, options throws(DirectoryError) in
        var scim = SCIMOptions()
        scim.caFile = options.caFile
        scim.insecureTLS = options.insecureTLS
        guard let secret else { throw .passwordUnavailable(tr("Enter the bearer token")) }
        return .server(try SCIMDirectory(url: location, token: secret, options: scim))
      },
      counters: { directory in
        // Pages, conditional refreshes, throttling, photos with and without the token.
        (directory as? SCIMDirectory).map {
          Statistics(heading: "SCIM server statistics:", counters: $0.statistics)
        }
      })
  }
}
