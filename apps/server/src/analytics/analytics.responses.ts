/** What the analytics calls answer (no contract type of their own: data.ok, or how many events were recorded). */
import { z } from 'zod'

export const acceptedEventsSchema = z.object({ accepted: z.int().describe('events recorded') })
