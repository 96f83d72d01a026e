import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, stubApi, type ApiAnswer, validationError } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { Toaster } from '../../toasts/Toaster';
import { AddServicePage } from './AddServicePage';

/** Answers POST /api/addservices; anything else (the session refresh after a 401) is a 404. */
const answerAddService = (answer: ApiAnswer) =>
  stubApi({
    'POST /api/addservices': answer,
    'GET /api/categories': () =>
      Response.json([
        { category_id: 'courier', count: 3 },
        { category_id: 'freight', count: 2 },
      ]),
  });

function renderPage(signedOut = false) {
  renderRoutes(
    [
      {
        path: '/addservices',
        element: (
          <>
            <AddServicePage />
            <Toaster />
          </>
        ),
      },
    ],
    '/addservices',
    signedOut ? { preloadedState: { auth: { user: null, loading: false } } } : {},
  );
}

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillAndSubmit() {
  fill(/Service Title/, 'Harbour Bikes');
  fill(/Image link/, 'https://example.com/bike.png');
  fill(/Price/, '42.7');
  fill(/Details/, 'Bike couriers around the harbour.');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('AddServicePage', () => {
  it("sends the price as a whole number, pops up the spec's message and empties the form", async () => {
    const fetchMock = answerAddService(() =>
      Response.json({ acknowledged: true, insertedId: 'n1' }, { status: 201 }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Your Services' })).toBeVisible();

    await fillAndSubmit();

    expect(await screen.findByText('You have Successfully added your Service')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your services' })).toHaveAttribute(
      'href',
      '/myservices',
    );
    expect(await callsTo(fetchMock, 'POST /api/addservices')[0]?.json()).toEqual({
      title: 'Harbour Bikes',
      image: 'https://example.com/bike.png',
      price: 42,
      details: 'Bike couriers around the harbour.',
    });
    expect(screen.getByLabelText(/Service Title/)).toHaveValue('');
    expect(screen.getByLabelText(/Price/)).toHaveValue(null);
    expect(screen.getByLabelText(/Details/)).toHaveValue('');
  });

  it("shows the response's error sentence and keeps what was typed", async () => {
    answerAddService(apiError(400, 'image must be a URL'));
    renderPage();

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('image must be a URL');
    expect(screen.getByLabelText(/Service Title/)).toHaveValue('Harbour Bikes');
    expect(screen.queryByText('You have Successfully added your Service')).not.toBeInTheDocument();
  });

  it('tells a signed-out visitor before the form that adding needs a login', () => {
    answerAddService(apiError(401, 'Please log in first'));
    renderPage(true);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Adding a service needs an account: log in first, and come back to this form.',
    );
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's 401 sentence to a signed-out visitor", async () => {
    answerAddService(apiError(401, 'Please log in first'));
    renderPage();

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in first');
  });

  it('asks for a category among those in use, and sends the one chosen', async () => {
    const fetchMock = answerAddService(() =>
      Response.json({ acknowledged: true, insertedId: 'n1' }, { status: 201 }),
    );
    renderPage();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Freight' }));
    await fillAndSubmit();

    expect(await screen.findByText('You have Successfully added your Service')).toBeVisible();
    expect(await callsTo(fetchMock, 'POST /api/addservices')[0]?.json()).toMatchObject({
      category_id: 'freight',
    });
  });

  it("shows the server's field errors under their fields", async () => {
    answerAddService(validationError({ field: 'image', message: 'image must be a URL' }));
    renderPage();
    await fillAndSubmit();

    expect(await screen.findByText('Image must be a URL.')).toBeVisible();
    expect(screen.getByLabelText(/Image link/)).toHaveAccessibleDescription('Image must be a URL.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('picks several regions in one list, sends them, and empties the choice once added', async () => {
    const fetchMock = answerAddService(() =>
      Response.json({ acknowledged: true, insertedId: 'n1' }, { status: 201 }),
    );
    renderPage();
    const regions = screen.getByRole('combobox', { name: 'Regions it serves' });
    fireEvent.mouseDown(regions);
    const list = screen.getByRole('listbox');
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    fireEvent.click(within(list).getByRole('option', { name: 'West' }));
    fireEvent.click(within(list).getByRole('option', { name: 'Nationwide' }));
    fireEvent.click(within(list).getByRole('option', { name: 'Midwest' }));
    fireEvent.click(within(list).getByRole('option', { name: 'Midwest' })); // and out again
    expect(within(list).getByRole('option', { name: 'West' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(regions).toHaveTextContent('West, Nationwide');

    await fillAndSubmit();

    expect(await screen.findByText('You have Successfully added your Service')).toBeVisible();
    expect(await callsTo(fetchMock, 'POST /api/addservices')[0]?.json()).toMatchObject({
      regions: ['west', 'nationwide'],
    });
    expect(regions).not.toHaveTextContent('West');
  });

  it("shows the server's sentence on regions under the regions field", async () => {
    answerAddService(
      validationError({ field: 'regions', message: 'regions must each be one of northeast, west' }),
    );
    renderPage();
    await fillAndSubmit();

    expect(await screen.findByText('Regions must each be one of northeast, west.')).toBeVisible();
  });

  it('sends the website and contact details given, and shows their field errors', async () => {
    const fetchMock = answerAddService(
      validationError({
        field: 'website',
        message: 'website must be a web address starting with https:// or http://',
      }),
    );
    renderPage();
    fill(/Website/, 'www.harbour.example');
    fill(/Contact e-mail/, 'desk@harbour.example');
    await fillAndSubmit();

    expect(
      await screen.findByText('Website must be a web address starting with https:// or http://.'),
    ).toBeVisible();
    const sent = await callsTo(fetchMock, 'POST /api/addservices')[0]?.json();
    expect(sent).toMatchObject({
      website: 'www.harbour.example',
      contactEmail: 'desk@harbour.example',
    });
    expect(sent).not.toHaveProperty('contactPhone');
  });
});
