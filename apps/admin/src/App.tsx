/**
 * The operator's app: the login (and set-password) pages for a visitor, the shell
 * for a member of staff. The navigation shows only what the role may do (GET /me's
 * `may`); the server refuses the rest whatever the page shows.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router'
import { api, ApiError, type Me } from './api.ts'
import { AccountPage } from './pages/AccountPage.tsx'
import { AuditPage } from './pages/AuditPage.tsx'
import { DiscountCodePage } from './pages/DiscountCodePage.tsx'
import { ExperimentPage } from './pages/ExperimentPage.tsx'
import { ExperimentsPage } from './pages/ExperimentsPage.tsx'
import { CustomerPage } from './pages/CustomerPage.tsx'
import { CustomersPage } from './pages/CustomersPage.tsx'
import { ClubMemberPage } from './pages/club/ClubMemberPage.tsx'
import { ClubMembersPage } from './pages/club/ClubMembersPage.tsx'
import { ClubPage } from './pages/club/ClubPage.tsx'
import { HomePage } from './pages/HomePage.tsx'
import { ItemPage } from './pages/ItemPage.tsx'
import { ItemsCsvPage } from './pages/ItemsCsvPage.tsx'
import { ItemsPage } from './pages/ItemsPage.tsx'
import { LoginPage } from './pages/LoginPage.tsx'
import { MessagePage } from './pages/MessagePage.tsx'
import { MessagesPage } from './pages/MessagesPage.tsx'
import { NewItemPage } from './pages/NewItemPage.tsx'
import { OneTimeOfferPage } from './pages/OneTimeOfferPage.tsx'
import { OrderBumpPage } from './pages/OrderBumpPage.tsx'
import { BundleOfferPage } from './pages/BundleOfferPage.tsx'
import { SpecialPage } from './pages/SpecialPage.tsx'
import { PromotionsPage } from './pages/PromotionsPage.tsx'
import { ReportsPage } from './pages/ReportsPage.tsx'
import { OrderPage } from './pages/OrderPage.tsx'
import { OrdersPage } from './pages/OrdersPage.tsx'
import { PackingSlipsPage } from './pages/PackingSlipsPage.tsx'
import { ReviewsPage } from './pages/ReviewsPage.tsx'
import { SetPasswordPage } from './pages/SetPasswordPage.tsx'
import { StaffPage } from './pages/StaffPage.tsx'
import { SessionContext, useSession, type Session } from './session.tsx'

/** The shell's navigation: each entry shown only to a role with its action. */
const NAVIGATION = [
  { to: '/', label: 'Home', action: null },
  { to: '/items', label: 'Items', action: 'catalog.view' },
  { to: '/promotions', label: 'Promotions', action: 'reports.view' },
  { to: '/experiments', label: 'Split tests', action: 'reports.view' },
  { to: '/reports', label: 'Reports', action: 'reports.view' },
  { to: '/orders', label: 'Orders', action: 'orders.view' },
  { to: '/customers', label: 'Customers', action: 'customers.view' },
  { to: '/reviews', label: 'Reviews', action: 'reviews.moderate' },
  { to: '/messages', label: 'Messages', action: 'messages.answer' },
  { to: '/club', label: 'Club', action: 'reports.view' },
  { to: '/club/members', label: 'Club members', action: 'club.act' },
  { to: '/audit', label: 'Audit log', action: 'audit.view' },
  { to: '/staff', label: 'Staff', action: 'staff.manage' },
  { to: '/account', label: 'Account', action: null },
] as const

export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined)
  const location = useLocation()

  const refresh = useCallback(async () => {
    try {
      setMe(await api<Me>('/me'))
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) setMe(null)
      else throw error
    }
  }, [])

  useEffect(() => {
    void refresh()
  }, [refresh])

  const session = useMemo<Session | null>(() => (me ? { me, may: (action: string) => me.may.includes(action), refresh, loggedOut: () => setMe(null) } : null), [me, refresh])

  if (location.pathname === '/set-password') return <SetPasswordPage />
  if (me === undefined) return <p className="loading">Loading…</p>
  if (!session) return <LoginPage onLogin={setMe} />
  return (
    <SessionContext.Provider value={session}>
      <Shell />
    </SessionContext.Provider>
  )
}

function Shell() {
  const { me, may, loggedOut } = useSession()
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's path is what closes the menu: it changes when staff follow a link
  useEffect(() => setMenuOpen(false), [location.pathname])

  async function logout() {
    await api('/logout', { method: 'POST' }).catch(() => undefined)
    loggedOut()
    await navigate('/')
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">{me.brand.name} admin</span>
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="primary-nav" onClick={() => setMenuOpen((open) => !open)}>
          Menu
        </button>
        <nav id="primary-nav" aria-label="Main" className={menuOpen ? 'open' : ''}>
          <ul>
            {NAVIGATION.filter((entry) => entry.action === null || may(entry.action)).map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.to === '/' || entry.to === '/club'}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            {me.staff.name} <span className="role">({me.role})</span>
          </span>
          <button type="button" className="link-button" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </header>
      <main id="main">
        <Routes>
          <Route path="/" element={<HomePage />} />
          {may('catalog.view') && <Route path="/items" element={<ItemsPage />} />}
          {may('catalog.edit') && <Route path="/items/new" element={<NewItemPage />} />}
          {may('catalog.view') && <Route path="/items/csv" element={<ItemsCsvPage />} />}
          {may('catalog.view') && <Route path="/items/:id" element={<ItemPage />} />}
          {may('reports.view') && <Route path="/promotions" element={<PromotionsPage />} />}
          {may('promotions.edit') && <Route path="/promotions/codes/new" element={<DiscountCodePage />} />}
          {may('reports.view') && <Route path="/promotions/codes/:id" element={<DiscountCodePage />} />}
          {may('reports.view') && <Route path="/promotions/bumps/:id" element={<OrderBumpPage />} />}
          {may('reports.view') && <Route path="/promotions/offers/:id" element={<OneTimeOfferPage />} />}
          {may('promotions.edit') && <Route path="/promotions/bundles/new" element={<BundleOfferPage />} />}
          {may('reports.view') && <Route path="/promotions/bundles/:id" element={<BundleOfferPage />} />}
          {may('promotions.edit') && <Route path="/promotions/specials/new" element={<SpecialPage />} />}
          {may('reports.view') && <Route path="/promotions/specials/:id" element={<SpecialPage />} />}
          {may('reports.view') && <Route path="/experiments" element={<ExperimentsPage />} />}
          {may('reports.view') && <Route path="/experiments/:name" element={<ExperimentPage />} />}
          {may('reports.view') && <Route path="/reports" element={<ReportsPage />} />}
          {may('orders.view') && <Route path="/orders" element={<OrdersPage />} />}
          {may('orders.view') && <Route path="/orders/slips" element={<PackingSlipsPage />} />}
          {may('orders.view') && <Route path="/orders/:number" element={<OrderPage />} />}
          {may('customers.view') && <Route path="/customers" element={<CustomersPage />} />}
          {may('customers.view') && <Route path="/customers/:id" element={<CustomerPage />} />}
          {may('reviews.moderate') && <Route path="/reviews" element={<ReviewsPage />} />}
          {may('messages.answer') && <Route path="/messages" element={<MessagesPage />} />}
          {may('messages.answer') && <Route path="/messages/:id" element={<MessagePage />} />}
          {may('reports.view') && <Route path="/club" element={<ClubPage />} />}
          {(may('reports.view') || may('club.act')) && <Route path="/club/members" element={<ClubMembersPage />} />}
          {(may('reports.view') || may('club.act')) && <Route path="/club/members/:id" element={<ClubMemberPage />} />}
          {may('audit.view') && <Route path="/audit" element={<AuditPage />} />}
          {may('staff.manage') && <Route path="/staff" element={<StaffPage />} />}
          <Route path="/account" element={<AccountPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </>
  )
}
