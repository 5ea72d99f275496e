import { experienceLevels, paymentPreferences, vehicleAges, vehicleSizes } from '@coride/domain/registration';
import type { SignupRole } from '@coride/domain/roles';
import type { HTMLInputAutoCompleteAttribute } from 'react';

/** One input of a sign-up form; labels, hints and options are translation keys in `onboarding`. */
export type FieldSpec = {
  name: string;
  kind: 'text' | 'email' | 'tel' | 'password' | 'number' | 'select' | 'textarea' | 'yesNo';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: boolean;
  hint?: boolean;
  /** Select options: values, labelled by `options.<optionsKey>.<value>`. */
  options?: { key: string; values: readonly string[]; isOptional?: boolean };
  wide?: boolean;
};

export type FieldSection = { title: string; fields: FieldSpec[] };

const account: FieldSection = {
  title: 'account',
  fields: [
    { name: 'firstName', kind: 'text', autoComplete: 'given-name' },
    { name: 'lastName', kind: 'text', autoComplete: 'family-name' },
    { name: 'email', kind: 'email', autoComplete: 'email', placeholder: true },
    { name: 'phone', kind: 'tel', autoComplete: 'tel', placeholder: true },
    { name: 'password', kind: 'password', autoComplete: 'new-password', hint: true },
    { name: 'confirmPassword', kind: 'password', autoComplete: 'new-password' },
  ],
};

export const registrationSections: Record<SignupRole, FieldSection[]> = {
  customer: [
    {
      ...account,
      fields: [
        ...account.fields,
        { name: 'homeAddress', kind: 'text', autoComplete: 'street-address', placeholder: true, wide: true },
        {
          name: 'preferredPaymentMethod',
          kind: 'select',
          options: { key: 'payment', values: paymentPreferences, isOptional: true },
        },
        { name: 'referralCode', kind: 'text', autoComplete: 'off', hint: true },
      ],
    },
  ],
  driver: [
    account,
    {
      title: 'driving',
      fields: [
        { name: 'licenseNumber', kind: 'text' },
        { name: 'insuranceNumber', kind: 'text' },
        { name: 'driveArea', kind: 'text', placeholder: true, wide: true },
      ],
    },
    {
      title: 'vehicle',
      fields: [
        { name: 'vehicleMake', kind: 'text' },
        { name: 'vehicleModel', kind: 'text' },
        { name: 'vehicleYear', kind: 'text', autoComplete: 'off' },
        { name: 'vehicleColor', kind: 'text' },
        { name: 'vehiclePlate', kind: 'text', autoComplete: 'off' },
        { name: 'seatCount', kind: 'number', hint: true },
        { name: 'vehicleAge', kind: 'select', options: { key: 'vehicleAge', values: vehicleAges } },
        { name: 'vehicleSize', kind: 'select', options: { key: 'vehicleSize', values: vehicleSizes } },
        { name: 'wheelchairAccessible', kind: 'yesNo', hint: true },
      ],
    },
  ],
  licensee: [
    account,
    {
      title: 'business',
      fields: [
        { name: 'businessName', kind: 'text', autoComplete: 'organization' },
        { name: 'businessLicense', kind: 'text' },
        { name: 'experience', kind: 'select', options: { key: 'experience', values: experienceLevels, isOptional: true } },
      ],
    },
    {
      title: 'territory',
      fields: [
        { name: 'territoryName', kind: 'text' },
        { name: 'zipCodes', kind: 'text', placeholder: true, hint: true },
        { name: 'businessPlan', kind: 'textarea', placeholder: true, hint: true, wide: true },
      ],
    },
  ],
};

const accountDefaults = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '', terms: false };

export function registrationDefaults(role: SignupRole, email: string): Record<string, unknown> {
  const base = { ...accountDefaults, email };
  switch (role) {
    case 'customer':
      return { ...base, homeAddress: '', preferredPaymentMethod: 'credit-card', referralCode: '' };
    case 'driver':
      return {
        ...base,
        licenseNumber: '',
        insuranceNumber: '',
        vehicleMake: '',
        vehicleModel: '',
        vehicleYear: '',
        vehicleAge: undefined,
        vehicleSize: undefined,
        seatCount: 4,
        wheelchairAccessible: false,
        vehicleColor: '',
        vehiclePlate: '',
        driveArea: '',
      };
    case 'licensee':
      return { ...base, businessName: '', businessLicense: '', territoryName: '', zipCodes: '', businessPlan: '', experience: undefined };
  }
}
