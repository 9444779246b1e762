import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ProcessDocumentsMenu } from './process-documents-menu.tsx';

const TYPES = [
  { type: 'attestation_consignation', libelle: 'Attestation de consignation', fileName: 'attestation-consignation-12.pdf' },
  { type: 'rapport', libelle: 'Rapport du processus', fileName: 'rapport-12.pdf' },
];

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Stubs the server: the list of documents, and the PDF (or a refusal) when `answer` resolves. */
function stub(answer: () => Promise<Response>) {
  const calls: { url: string; accept: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, accept: new Headers(init.headers).get('accept') });
      if (url.startsWith('/api/v2/process/document_types')) return jsonResponse(200, TYPES);
      return answer();
    }),
  );
  return calls;
}
const pdf = () =>
  new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="attestation-consignation-12.pdf"' },
  });

async function open() {
  const button = await screen.findByRole('button', { name: 'Documents' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('ProcessDocumentsMenu', () => {
  it('offers the documents that apply, and downloads the one chosen under the server’s file name', async () => {
    let release: (r: Response) => void = () => {};
    const calls = stub(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<ProcessDocumentsMenu processId={7} />);
    await open();
    expect(screen.getByRole('menuitem', { name: 'Rapport du processus' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Attestation de consignation' }));

    // While the server generates it: the button says so and cannot start another one.
    const busy = await screen.findByRole('button', { name: 'Génération…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Génération du document « Attestation de consignation »…');
    const call = calls.find((c) => c.url.includes('generate_document'));
    expect(call?.url).toBe('/api/v2/process/generate_document?processId=7&type=attestation_consignation');
    expect(call?.accept).toBe('application/pdf');

    release(pdf());
    expect(await screen.findByText('« Attestation de consignation » téléchargé avec succès')).toBeInTheDocument();
    expect(clicked).toEqual([{ href: 'blob:document', download: 'attestation-consignation-12.pdf' }]);
    expect(await screen.findByRole('button', { name: 'Documents' })).toBeEnabled();
  });

  it('shows the server’s French refusal and saves nothing', async () => {
    stub(async () =>
      jsonResponse(409, { code: 'CONFLICT', message: 'Le document « Attestation de consignation » ne s’applique pas à ce processus.' }),
    );
    renderWithProviders(<ProcessDocumentsMenu processId={7} />);
    await open();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Attestation de consignation' }));
    expect(await screen.findByText('Le document « Attestation de consignation » ne s’applique pas à ce processus.')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it('is disabled while the list of documents loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<ProcessDocumentsMenu processId={7} />);
    expect(await screen.findByRole('button', { name: 'Documents' })).toBeDisabled();
  });
});
