import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read.
const argon2id = 2;

export interface PasswordHashingParameters {
  memoryKib: number;
  timeCost: number;
}

/**
 * argon2id with OWASP's second recommended setting by default (19 MiB, 2 passes, 1 lane):
 * see docs/benchmarks/auth-and-startup.md for the measurement behind it.
 */
export function createPasswordHasher(parameters: PasswordHashingParameters) {
  const options = {
    algorithm: argon2id,
    memoryCost: parameters.memoryKib,
    timeCost: parameters.timeCost,
    parallelism: 1,
  };
  // Verifying against this makes "unknown user" cost as much as "wrong password".
  const dummyHashPromise = hash('not-a-real-password', options);

  return {
    hashPassword: (password: string) => hash(password, options),
    async verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
      const target = passwordHash ?? (await dummyHashPromise);
      const matches = await verify(target, password).catch(() => false);
      return passwordHash !== null && matches;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
