// Prints the README's VPS recipe as one shell script, so that the recipe
// test runs what the README says, not a copy that can drift. Every ```sh
// block of the "Host it on a VPS" section is taken in order; the only
// changes are those a test machine needs, each listed in STAND_INS and
// checked to have matched (a README edit that removes one fails the test).
//   node tests/deploy/vps/readme-commands.mjs README.md DOMAIN
import { readFileSync } from 'node:fs';

const [readmePath, domain] = process.argv.slice(2);
const readme = readFileSync(readmePath, 'utf8');
const section = readme.split(/^## /m).find((s) => s.startsWith('Host it on a VPS'));
if (!section) throw new Error('README has no "Host it on a VPS" section');
const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);

const STAND_INS = [
  // The repository is the checkout under test, bind-mounted at /srv/src.
  [/git clone https:\/\/git\.example\.org\/botpit\.git botpit/, 'git clone /srv/src botpit'],
  // No Let's Encrypt here: a self-signed certificate where certbot puts its.
  [/certbot certonly --webroot -w \/var\/www\/html -d botpit\.example\.org \\\n\s*--deploy-hook "systemctl reload nginx"/,
    `apt-get install -y openssl && mkdir -p /etc/letsencrypt/live/${domain} && openssl req -x509 -newkey rsa:2048 -nodes -days 2 ` +
    `-subj /CN=${domain} -keyout /etc/letsencrypt/live/${domain}/privkey.pem ` +
    `-out /etc/letsencrypt/live/${domain}/fullchain.pem 2>/dev/null`],
  [/certbot renew --dry-run.*/, 'echo "(no certbot renew: no Let\'s Encrypt here)"'],
  // The container shares the host's network: enabling its firewall would
  // firewall the host. The rules are still written and listed.
  [/ufw --force enable/, 'echo "(ufw not enabled: the test container shares the host network)"'],
  [/ufw status/, 'ufw show added'],
];

// Step 2 is prose ("edit /etc/botpit/botpit.env ..."): done as it says.
const step2 = `sed -i 's|https://botpit.example.org|https://${domain}|' /etc/botpit/botpit.env && systemctl restart botpit\n`;
let script = [blocks[0], step2, ...blocks.slice(1)].join('\n');
for (const [pattern, replacement] of STAND_INS) {
  if (!pattern.test(script)) throw new Error(`the README no longer has ${pattern}: update the recipe test`);
  script = script.replace(pattern, replacement);
}
script = script.replaceAll('YOUR.NAME', domain);
process.stdout.write(`set -eux\n${script}`);
