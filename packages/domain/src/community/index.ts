export * from './performance';
export * from './bonus-pool';
export * from './community-health';
export * from './rewards';
export * from './zones';
export * from './estimates';
export * from './analytics';
export * from './peak-hours';
