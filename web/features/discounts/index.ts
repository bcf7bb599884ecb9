// What other features may use of this one; web/app and web/pages import its screens directly.
export { discountChoiceLabel, discountValueText } from './discount-format';
export { useApplicableDiscounts, useDiscount } from './use-discounts';
