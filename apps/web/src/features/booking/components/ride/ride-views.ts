/** The views of a booked ride, loaded as one chunk by the booking page when there is a ride to show. */
export { RideCancelledView } from './ride-cancelled-view';
export { RideCompletedView } from './ride-completed-view';
export { RideTracker } from './ride-tracker';
