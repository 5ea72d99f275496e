import { AppError } from '../../lib/app-error';

/** 403 `DRIVER_SUSPENDED` (ADR 031): staff suspended the driver; going online and accepting rides wait for a reinstatement. */
export const driverSuspended = (message = 'Your account is suspended: you cannot go online until it is reinstated') =>
  new AppError('DRIVER_SUSPENDED', message);
