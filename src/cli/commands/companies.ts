// company:create and user:create.
import { createCompany, createUser } from '../../domain/tenancy/index.js';
import { defineCommand } from '../command.js';

export const companyCreate = defineCommand({
  name: 'company:create',
  summary: 'Create a company (tenant) with its first admin user.',
  flags: [
    { name: 'slug', required: true },
    { name: 'name', required: true },
    { name: 'admin-email', placeholder: 'email', required: true },
    { name: 'admin-password', placeholder: 'password', required: true },
  ],
  fieldFlags: { slug: 'slug', name: 'name', adminEmail: 'admin-email', adminPassword: 'admin-password' },
  parse: (flags) => ({
    slug: flags.string('slug'),
    name: flags.string('name'),
    adminEmail: flags.string('admin-email'),
    adminPassword: flags.string('admin-password'),
  }),
  async run({ prisma, config, out }, input) {
    const { company, admin } = await createCompany(prisma, input);
    out.line(`Created company "${company.name}" (slug ${company.slug}, id ${company.id}) with admin ${admin.email}.`);
    out.line(`Its address: ${company.slug}.${config.baseDomain}`);
  },
});

export const userCreate = defineCommand({
  name: 'user:create',
  summary: 'Add a user to a company.',
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'email', required: true },
    { name: 'password', required: true },
  ],
  fieldFlags: { email: 'email', password: 'password' },
  parse: (flags) => ({
    companySlug: flags.string('company'),
    email: flags.string('email'),
    password: flags.string('password'),
  }),
  async run({ prisma, out }, input) {
    const user = await createUser(prisma, input);
    out.line(`Created user ${user.email} (id ${user.id}) in company ${input.companySlug.trim().toLowerCase()}.`);
  },
});

export const companyCommands = [companyCreate, userCreate];
