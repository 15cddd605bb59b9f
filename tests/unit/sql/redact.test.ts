import { expect, test } from 'vitest';
import { redactSecrets } from '@/lib/sql/redact';

test('passwords and other secret properties are masked in every string form', () => {
  expect(redactSecrets("CREATE USER U PASSWORD='s3cret!' DEFAULT_ROLE=PUBLIC")).toBe("CREATE USER U PASSWORD='****' DEFAULT_ROLE=PUBLIC");
  expect(redactSecrets("alter user u set password = $$it's;secret$$")).toBe("alter user u set password = '****'");
  expect(redactSecrets("ALTER USER U SET PASSWORD = 'a''b' COMMENT = 'PASSWORD = x'")).toBe("ALTER USER U SET PASSWORD = '****' COMMENT = 'PASSWORD = x'");
  expect(redactSecrets("CREATE STAGE S URL='s3://b' CREDENTIALS=(AWS_KEY_ID='AKIA' AWS_SECRET_KEY='abc')")).toBe("CREATE STAGE S URL='s3://b' CREDENTIALS=(AWS_KEY_ID='****' AWS_SECRET_KEY='****')");
  expect(redactSecrets("CREATE SECRET X TYPE=GENERIC_STRING SECRET_STRING='v'")).toBe("CREATE SECRET X TYPE=GENERIC_STRING SECRET_STRING='****'");
});

test('text without secrets is returned as it is', () => {
  for (const s of ["SELECT 'PASSWORD' AS p", 'SELECT password FROM t', "SELECT 1 -- PASSWORD='x'", "INSERT INTO keys VALUES ('k')"]) expect(redactSecrets(s)).toBe(s);
});

test('an unterminated secret is cut, not kept', () => {
  expect(redactSecrets("CREATE USER U PASSWORD='never-finished")).toBe("CREATE USER U PASSWORD '****'");
});
