import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, stubApi, validationError } from '../../test/stubApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { Toaster } from '../../toasts/Toaster';
import { EditContactButton } from './EditContactButton';

const service = serviceFixture({
  website: 'https://www.harbour.example',
  contactPhone: '020 1234',
});
const path = `PUT /api/services/${service._id}/contact`;

describe('EditContactButton', () => {
  it('sends the fields as edited, an emptied one left out, and says it saved', async () => {
    const calls = stubApi({ [path]: () => Response.json(service) });
    renderWithProviders(
      <>
        <EditContactButton service={service} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
    expect(screen.getByLabelText('Website')).toHaveValue('https://www.harbour.example');
    fireEvent.change(screen.getByLabelText('Contact phone'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Contact e-mail'), {
      target: { value: 'desk@harbour.example' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact details saved')).toBeVisible();
    expect(await callsTo(calls, path)[0]?.json()).toEqual({
      website: 'https://www.harbour.example',
      contactEmail: 'desk@harbour.example',
    });
  });

  it("shows the API's sentence under the field it refused", async () => {
    stubApi({
      [path]: validationError({
        field: 'contactEmail',
        message: 'contactEmail must be an e-mail address',
      }),
    });
    renderWithProviders(<EditContactButton service={service} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
    fireEvent.change(screen.getByLabelText('Contact e-mail'), { target: { value: 'nope' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('ContactEmail must be an e-mail address.')).toBeVisible();
  });
});
