import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { profileSaveRequest } from './profile.ts';
import { receiverAddressOf, receiverUrlInput, receiverUrlProblem } from './receiver-url.ts';

const base = { name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2' };
const issuesOf = (receiverUrl: unknown) =>
  profileSaveRequest.safeParse({ ...base, receiverUrl }).error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]);

const HTTPS_ONLY = 'The receiver URL must start with https:// (plain http is allowed only for this computer: 127.0.0.1, ::1 or localhost)';
const NO_CREDENTIALS = 'The receiver URL cannot hold a user name or password: the reads are signed with the profile’s key and secret';
const NO_QUERY = 'The receiver URL has no ?query or #fragment: enter it up to its path, such as https://callbacks.example.com';

describe('a profile’s receiver URL', () => {
  it('takes https on any host, and plain http on this computer only', () => {
    for (const url of ['https://callbacks.example.com', 'https://callbacks.example.com:8443/mc', 'http://127.0.0.1:8790', 'http://[::1]:8790', 'http://localhost:8790/receiver']) {
      expect(receiverUrlProblem(url), url).toBeNull();
    }
  });

  it('refuses plain http to another host, saying that only this computer may have it', () => {
    for (const url of ['http://callbacks.example.com', 'http://10.0.0.5:8790', 'http://127.0.0.1.example.com', 'http://localhost.example.com']) {
      expect(inEnglish(receiverUrlProblem(url)), url).toBe(HTTPS_ONLY);
      expect(issuesOf(url), url).toEqual([['receiverUrl', HTTPS_ONLY]]);
    }
  });

  it('refuses another scheme', () => {
    for (const url of ['ftp://callbacks.example.com', 'ws://127.0.0.1:8790', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(inEnglish(receiverUrlProblem(url)), url).toBe('The receiver URL must start with https://, such as https://callbacks.example.com');
    }
  });

  it('refuses a user name or a password in it, however written', () => {
    for (const url of ['https://user:pass@callbacks.example.com', 'https://user@callbacks.example.com', 'https://:pass@callbacks.example.com', 'https://@callbacks.example.com', 'http://me@127.0.0.1:8790']) {
      expect(inEnglish(receiverUrlProblem(url)), url).toBe(NO_CREDENTIALS);
      expect(issuesOf(url), url).toEqual([['receiverUrl', NO_CREDENTIALS]]);
    }
  });

  it('refuses a query or a fragment, even an empty one', () => {
    for (const url of ['https://callbacks.example.com/?after=0', 'https://callbacks.example.com?', 'https://callbacks.example.com#events', 'https://callbacks.example.com/#']) {
      expect(inEnglish(receiverUrlProblem(url)), url).toBe(NO_QUERY);
      expect(issuesOf(url), url).toEqual([['receiverUrl', NO_QUERY]]);
    }
  });

  it('refuses what is not an address', () => {
    for (const url of ['callbacks.example.com', 'https://', 'not a url']) {
      expect(inEnglish(receiverUrlProblem(url)), url).toBe("Enter the receiver's full address, such as https://callbacks.example.com");
    }
  });

  it('is stored as scheme://host[:port]/path, trailing slashes and default port left out, host lowercase', () => {
    expect(receiverAddressOf('https://Callbacks.Example.com:443/mc/')).toBe('https://callbacks.example.com/mc');
    expect(receiverAddressOf('https://callbacks.example.com/')).toBe('https://callbacks.example.com');
    expect(receiverAddressOf('http://127.0.0.1:8790')).toBe('http://127.0.0.1:8790');
    expect(receiverAddressOf('http://example.com')).toBeNull();
    expect(profileSaveRequest.parse({ ...base, receiverUrl: '  https://callbacks.example.com/  ' }).receiverUrl).toBe('https://callbacks.example.com');
  });

  it('is optional: empty or only spaces is none; absent stays absent (an edit keeps the stored one)', () => {
    expect(receiverUrlInput.parse('')).toBeNull();
    expect(profileSaveRequest.parse({ ...base, receiverUrl: '   ' }).receiverUrl).toBeNull();
    expect(profileSaveRequest.parse({ ...base, receiverUrl: null }).receiverUrl).toBeNull();
    expect('receiverUrl' in profileSaveRequest.parse(base)).toBe(false);
  });
});
