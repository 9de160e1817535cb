import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../money/json.ts';
import { callback, callbackEnvelope, callbackEventKey, callbackStatusRank, callbackType, currentOutcomes } from './callback.ts';

const read = (text: string) => callback.parse(parseJsonLossless(text));

describe('callback schema', () => {
  it('reads an invoice callback, amounts exact, unknown fields kept', () => {
    const parsed = read(
      '{"id":12,"type":"invoice","status":"failed","error":"Timer expired. User not paid.","fixed_at":1764200000,"expires_at":"1764286400",' +
        '"currency_sent":{"currency":"BTC","amount":0.123456789012345678,"remaining_amount":"0.00100000"},' +
        '"transactions":[{"id":5,"currency":"BTC","amount":"0.1","txid":"ab12","confirmations":"2"}],"surprise":{"a":1}}',
    );
    expect(parsed).toMatchObject({
      id: '12',
      type: 'invoice',
      status: 'failed',
      currency_sent: { amount: '0.123456789012345678', remaining_amount: '0.00100000' },
      transactions: [{ txid: 'ab12', confirmations: 2 }],
      surprise: { a: 1 },
    });
  });

  it('reads an unknown type or status as data, flagged as unknown', () => {
    const parsed = read('{"id":"x9","type":"withdrawal_turbo","status":"frozen","currency_sent":{"currency":"USDT","amount":"5","new":true}}');
    expect(parsed).toMatchObject({ id: 'x9', type: 'withdrawal_turbo', status: 'frozen', currency_sent: { new: true } });
    expect(callbackType.read('withdrawal_turbo')).toEqual({ known: false, value: 'withdrawal_turbo' });
    expect(callbackType.read('payment_request')).toEqual({ known: true, value: 'payment_request' });
  });

  it('needs only an id and a status to be kept', () => {
    expect(callbackEnvelope.safeParse({ id: 1, status: 'confirmed' }).success).toBe(true);
    expect(callbackEnvelope.safeParse({ status: 'confirmed' }).success).toBe(false);
    expect(callbackEnvelope.safeParse({ id: 1 }).success).toBe(false);
    expect(callbackEnvelope.safeParse({ id: '', status: 'confirmed' }).success).toBe(false);
  });
});

describe('callbackEventKey', () => {
  const key = (text: string) => {
    const value = parseJsonLossless(text) as Record<string, unknown>;
    return callbackEventKey(callbackEnvelope.parse(value), value);
  };

  it('is the type, the root id and the status, whatever else differs', () => {
    expect(key('{"id":1,"type":"deposit","status":"confirmed","transactions":[{"confirmations":3}]}')).toBe(
      key('{"id":"1","type":"deposit","status":"confirmed","transactions":[{"confirmations":9}]}'),
    );
    expect(key('{"id":1,"type":"deposit","status":"confirmed"}')).not.toBe(key('{"id":1,"type":"deposit","status":"pending"}'));
    expect(key('{"id":1,"type":"deposit","status":"confirmed"}')).not.toBe(key('{"id":2,"type":"deposit","status":"confirmed"}'));
    expect(key('{"id":1,"type":"deposit","status":"confirmed"}')).not.toBe(key('{"id":1,"type":"invoice","status":"confirmed"}'));
  });

  it("tells an invoice's part payments apart by what remains, written either way", () => {
    const part = (remaining: string) => key(`{"id":3,"type":"invoice","status":"processing","currency_sent":{"remaining_amount":${remaining}}}`);
    expect(part('"0.5"')).not.toBe(part('"0.25"'));
    expect(part('"0.25"')).toBe(part('0.250'));
  });
});

describe('currentOutcomes', () => {
  const event = (cursor: number, id: string, status: string, type = 'invoice') => ({ cursor: String(cursor), type, id, status });

  it('keeps a final status once recorded, whatever arrives after it', () => {
    const outcomes = currentOutcomes([event(1, '7', 'confirmed'), event(2, '7', 'processing'), event(3, '7', 'created'), event(4, '8', 'processing'), event(5, '8', 'failed')]);
    expect(outcomes.get(JSON.stringify(['invoice', '7']))?.cursor).toBe('1');
    expect(outcomes.get(JSON.stringify(['invoice', '8']))?.status).toBe('failed');
  });

  it('moves forward through the stages, and the first final status stays', () => {
    const outcomes = currentOutcomes([event(1, '7', 'created'), event(2, '7', 'processing'), event(3, '7', 'failed'), event(4, '7', 'confirmed')]);
    expect(outcomes.get(JSON.stringify(['invoice', '7']))?.status).toBe('failed');
  });

  it('lets an unknown status show only until a known one arrives, and keeps types apart', () => {
    const outcomes = currentOutcomes([event(1, '7', 'mystery'), event(2, '7', 'pending', 'deposit'), event(3, '7', 'pending')]);
    expect(outcomes.get(JSON.stringify(['invoice', '7']))?.status).toBe('pending');
    expect(outcomes.get(JSON.stringify(['deposit', '7']))?.status).toBe('pending');
    expect(callbackStatusRank('mystery')).toBe(0);
    expect(callbackStatusRank('processing')).toBeGreaterThan(callbackStatusRank('pending'));
  });
});
