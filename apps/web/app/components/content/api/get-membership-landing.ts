import type { ApiClient } from '../../../lib/api/client'
import type { MembershipLanding } from '../../../lib/api/types'

/** GET membership-landing: the club's landing copy. A brand without a club answers 404. */
export function getMembershipLanding(api: ApiClient): Promise<MembershipLanding> {
  return api.get<MembershipLanding>('/membership-landing')
}
