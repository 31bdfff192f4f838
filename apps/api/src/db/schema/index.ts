export * from './jobs';
export * from './auth';
export * from './catalog';
export * from './chains';
export * from './wallet';
export * from './rentals';
export * from './mail';
export * from './support';
