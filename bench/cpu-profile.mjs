// Preloaded into the store (node --import) by bench/shopper-pages.ts when SHOPPER_PROFILE is set:
// a CPU profile of the whole run, written to $PROF_OUT/<pid>.cpuprofile when the process exits
// (NODE_OPTIONS may not carry --cpu-prof). Open it in Chrome DevTools or read it with a script.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'

const session = new Session()
session.connect()
session.post('Profiler.enable')
session.post('Profiler.setSamplingInterval', { interval: 500 })
session.post('Profiler.start')
process.on('exit', () => {
  // an in-thread inspector session answers synchronously, so this runs before the process ends
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(`${process.env.PROF_OUT ?? '.'}/${process.pid}.cpuprofile`, JSON.stringify(result.profile))
  })
})
