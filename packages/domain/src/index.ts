export * from './roles';
export * from './registration';
export * from './user';
export * from './errors';
export * from './languages';
export * from './applications';
