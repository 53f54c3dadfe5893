import Directory
import SharedSupport

extension DetailField {
  /// The field's name as the details panel, a table's header and its
  /// column menu show it, translated.
  var label: String {
    switch self {
    case .displayName: tr("Name")
    case .email: tr("Email")
    case .title: tr("Title")
    case .department: tr("Department")
    case .location: tr("Location")
    case .city: tr("City")
    case .phone: tr("Phone")
    case .manager: tr("Manager")
    case .employeeNumber: tr("Employee Number")
    }
  }
}
