// Companies (tenants) and their users. These commands run outside any tenant scope: they are used by the
// CLI and by sign-in, which is how a tenant scope comes to exist in the first place.
import type { PrismaClient, Company, User } from '../../generated/prisma/client.js';
import { ConflictError, FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { hashPassword } from './passwords.js';
import { SLUG_PATTERN, checkUserEmail, checkPassword, normalizeEmail } from './validation.js';

export interface CreateCompanyInput {
  slug: string;
  name: string;
  adminEmail: string;
  adminPassword: string;
}

export async function createCompany(
  prisma: PrismaClient,
  input: CreateCompanyInput,
): Promise<{ company: Company; admin: User }> {
  const slug = input.slug.trim().toLowerCase();
  const name = input.name.trim();
  const email = normalizeEmail(input.adminEmail);
  const errors = new FieldErrorCollector();
  if (!SLUG_PATTERN.test(slug)) {
    errors.add('slug', 'The slug may contain only lowercase letters, digits and hyphens (1-63 characters), as it names a subdomain.');
  }
  if (!name || name.length > 255) errors.add('name', 'The name is required and may not be longer than 255 characters.');
  checkUserEmail(email, errors, 'adminEmail');
  checkPassword(input.adminPassword, errors, 'adminPassword');
  errors.throwIfAny();

  const passwordHash = await hashPassword(input.adminPassword);
  return prisma.$transaction(async (tx) => {
    if (await tx.company.findUnique({ where: { slug } })) {
      throw new ConflictError(`A company with the slug "${slug}" already exists.`);
    }
    const company = await tx.company.create({ data: { slug, name } });
    const admin = await tx.user.create({ data: { companyId: company.id, email, passwordHash } });
    return { company, admin };
  });
}

export async function findCompanyBySlug(prisma: PrismaClient, slug: string): Promise<Company> {
  const company = await prisma.company.findUnique({ where: { slug: slug.trim().toLowerCase() } });
  if (!company) throw new NotFoundError('Company', slug);
  return company;
}

export async function createUser(
  prisma: PrismaClient,
  input: { companySlug: string; email: string; password: string },
): Promise<User> {
  const email = normalizeEmail(input.email);
  const errors = new FieldErrorCollector();
  checkUserEmail(email, errors);
  checkPassword(input.password, errors);
  errors.throwIfAny();
  const passwordHash = await hashPassword(input.password);
  return prisma.$transaction(async (tx) => {
    const company = await tx.company.findUnique({ where: { slug: input.companySlug.trim().toLowerCase() } });
    if (!company) throw new NotFoundError('Company', input.companySlug);
    if (await tx.user.findUnique({ where: { companyId_email: { companyId: company.id, email } } })) {
      throw new ConflictError(`A user with the email "${email}" already exists in ${company.slug}.`);
    }
    return tx.user.create({ data: { companyId: company.id, email, passwordHash } });
  });
}
