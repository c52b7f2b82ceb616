import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { pushOverlay } from '../../lib/overlays';
import { MainButton, SecondaryButton } from './main-button';

function fakeBottomButton() {
  const handlers = new Set<() => void>();
  return {
    params: {} as Record<string, unknown>,
    progress: false,
    setParams(params: Record<string, unknown>) {
      Object.assign(this.params, params);
    },
    showProgress() {
      this.progress = true;
    },
    hideProgress() {
      this.progress = false;
    },
    onClick: (handler: () => void) => handlers.add(handler),
    offClick: (handler: () => void) => handlers.delete(handler),
    press: () => handlers.forEach((handler) => handler()),
  };
}

function fakeWebApp() {
  return {
    initData: 'query_id=1&user=%7B%22id%22%3A5%7D&hash=abc',
    version: '8.0',
    isVersionAtLeast: () => true,
    MainButton: fakeBottomButton(),
    SecondaryButton: fakeBottomButton(),
  };
}

describe("inside Telegram: Telegram's own buttons", () => {
  afterEach(() => {
    delete window.Telegram;
  });

  it('shows MainButton with the text, presses run the action, progress and disabled are not pressable, unmount hides it', () => {
    const app = fakeWebApp();
    window.Telegram = { WebApp: app as never };
    const onClick = vi.fn();
    const view = render(<MainButton text="Message this advisor" onClick={onClick} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(app.MainButton.params).toMatchObject({
      text: 'Message this advisor',
      is_visible: true,
      is_active: true,
    });
    expect(document.documentElement.dataset.telegramBottomButton).toBe('');
    app.MainButton.press();
    expect(onClick).toHaveBeenCalledTimes(1);

    view.rerender(<MainButton text="Message this advisor" onClick={onClick} progress />);
    expect(app.MainButton.progress).toBe(true);
    expect(app.MainButton.params.is_active).toBe(false);
    app.MainButton.press();
    view.rerender(<MainButton text="Top up" onClick={onClick} disabled />);
    expect(app.MainButton.progress).toBe(false);
    expect(app.MainButton.params).toMatchObject({ text: 'Top up', is_active: false });
    app.MainButton.press();
    expect(onClick).toHaveBeenCalledTimes(1);

    view.unmount();
    expect(app.MainButton.params.is_visible).toBe(false);
    expect(document.documentElement.dataset.telegramBottomButton).toBeUndefined();
  });

  it('hides while an overlay is open and comes back when it closes', () => {
    const app = fakeWebApp();
    window.Telegram = { WebApp: app as never };
    render(<MainButton text="Send" onClick={() => {}} />);
    let close = () => {};
    act(() => {
      close = pushOverlay(() => {});
    });
    expect(app.MainButton.params.is_visible).toBe(false);
    act(() => close());
    expect(app.MainButton.params.is_visible).toBe(true);
  });

  it('submits its form; SecondaryButton is its own button; the newer screen owns the button until it goes', () => {
    const app = fakeWebApp();
    window.Telegram = { WebApp: app as never };
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const second = vi.fn();
    function Screens() {
      const [inner, setInner] = useState(true);
      return (
        <>
          <form id="save-form" onSubmit={onSubmit} />
          <MainButton text="Save" form="save-form" />
          {inner && <MainButton text="Inner" onClick={() => setInner(false)} />}
          <SecondaryButton text="Later" onClick={second} />
        </>
      );
    }
    render(<Screens />);
    expect(app.MainButton.params.text).toBe('Inner');
    act(() => app.MainButton.press());
    expect(app.MainButton.params.text).toBe('Save');
    act(() => app.MainButton.press());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(app.SecondaryButton.params).toMatchObject({ text: 'Later', is_visible: true });
    app.SecondaryButton.press();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('in a plain browser', () => {
  it('renders the in-page button: a click runs the action, a form button submits, progress shows its text', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const view = render(
      <>
        <form id="f" onSubmit={onSubmit} />
        <MainButton text="Send a request" onClick={onClick} />
        <SecondaryButton text="Save" form="f" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a request' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    view.rerender(
      <MainButton text="Send a request" onClick={onClick} progress progressText="Sending…" />,
    );
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
