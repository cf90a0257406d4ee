export { can, capabilities, capabilitiesOf, downloadCapability, DOWNLOAD_ROUTES, isStaffRole, ROUTE_CAPABILITIES, routeCapability, staffRoles, type Capability, type StaffRole } from './roles';
