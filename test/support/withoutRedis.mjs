// Makes the `redis` package look not installed, for a process started with --import this file.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (specifier === 'redis' || specifier.startsWith('@redis/')) {
    const error = new Error("Cannot find package '" + specifier + "'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`),
);
